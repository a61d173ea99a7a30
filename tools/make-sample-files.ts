/**
 * (Re)generates every binary file of the sample archive in content/: the PDFs (real German
 * text, Info metadata, outlines), one PNG image and one spreadsheet. The YAML files that refer
 * to them are written by hand; this script only makes the files they name.
 *
 *   npm run sample-files            writes into content/
 *   makeSampleFiles(dir)            writes the same files below another directory (tests)
 *
 * Output is byte-identical on every run with the same Node, pdfkit and sharp versions: PDF
 * dates are fixed (pdfkit derives the file ID from them), the zip entries of the spreadsheet
 * carry a fixed date, and the image is drawn from an SVG without text (so no system fonts).
 *
 * Everything in these files is invented: reference numbers, Drucksachen, names. Each PDF says
 * so in its first line.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { writePdf, type PdfOutlineSpec, type PdfPageSpec, type PdfSpec } from './pdf-writer.ts';

// --- helpers --------------------------------------------------------------------------------

const NOTICE = '[Beispielarchiv – fiktives Dokument, alle Angaben erfunden]';

/** Helvetica in pdfkit covers WinAnsi (Windows-1252) only; anything else would print as garbage. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
function assertWinAnsi(text: string, where: string): void {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || char === '\n' || WIN_ANSI_EXTRA.includes(char)) continue;
    throw new Error(`${where}: "${char}" (U+${code.toString(16)}) cannot be set in Helvetica; use a Windows-1252 character`);
  }
}

/**
 * One A4 page from paragraphs. Throws when the text would not fit: pdfkit would silently add
 * a page, and outlines and page counts in the YAML would no longer match.
 */
function page(...paragraphs: string[]): PdfPageSpec {
  const lineHeight = 13.9; // Helvetica 12 pt
  const lines = paragraphs.reduce((sum, p) => sum + Math.max(1, Math.ceil(p.length / 78)), 0);
  const height = lines * lineHeight + paragraphs.length * 6;
  if (height > 715) throw new Error(`page too long (${lines} lines, ${paragraphs.length} paragraphs): "${paragraphs[0]?.slice(0, 40)}"`);
  return { text: paragraphs.join('\n') };
}

interface Letter {
  from: string[];
  to: string[];
  /** "Berlin, 12. März 2024" */
  placeDate: string;
  reference?: string;
  subject: string;
  body: string[];
  closing?: string[];
}

/** The first page of an official letter: letterhead, address, reference, subject, text. */
function letterPage(letter: Letter, extra: string[] = []): PdfPageSpec {
  return page(
    NOTICE,
    letter.from.join(' | '),
    letter.to.join(', '),
    [letter.placeDate, letter.reference ? `Geschäftszeichen: ${letter.reference}` : ''].filter(Boolean).join(' – '),
    letter.subject,
    ...letter.body,
    ...(letter.closing ?? ['Mit freundlichen Grüßen', 'Im Auftrag', '[Unterschrift]']),
    ...extra,
  );
}

const date = (iso: string) => new Date(iso);

// --- request folders ----------------------------------------------------------------------

const R1 = 'requests/0001-gutachten-bundespolizeigesetz';
const R2 = 'requests/0002-terminkalender-bundeskanzleramt';
const R3 = 'requests/0003-vertraege-schutzmasken';
const R4 = 'requests/0004-nitratmesswerte-eu-nitratmessnetz';
const R5 = 'requests/0005-dienstwagennutzung-hausleitung';
const R6 = 'requests/0006-einsatzkonzept-silvester';
const R7 = 'requests/0007-kriterien-kita-platzvergabe';
const R9 = 'requests/0009-nitratwerte-grundwasser-hamburg';
const R10 = 'requests/0010-drohneneinsaetze-polizei-hamburg';
const R12 = 'requests/0012-messberichte-pfas-rhein';
const R13 = 'requests/0013-widerspruch-foerderverfahren';
const R14 = 'requests/0014-evaluation-bodycams-bahnhoefe';
const R15 = 'requests/0015-gutachten-videoueberwachung';
const R31 = 'requests/0031-kontrollbericht-zu-cafe-morgenrot-berlin';

const REQUESTER = ['[Name geschwärzt]', 'per E-Mail über das Beispielarchiv'];

// --- PDFs -----------------------------------------------------------------------------------

export interface SamplePdf {
  /** Relative to the content directory. */
  path: string;
  spec: PdfSpec;
}

const BMI = ['Bundesministerium des Innern und für Heimat', 'Referat Z 1', 'Alt-Moabit 140, 10557 Berlin'];

const gutachtenBundespolizei: PdfSpec = {
  title: 'Gutachten zur Reform des Bundespolizeigesetzes',
  author: 'Institut für Sicherheitsrecht (Beispiel), im Auftrag des BMI',
  subject: 'Verfassungsrechtliche Bewertung des Entwurfs eines Gesetzes zur Neustrukturierung des Bundespolizeigesetzes',
  keywords: 'Bundespolizeigesetz, Gutachten, Verfassungsrecht',
  creator: 'Microsoft Word für Microsoft 365',
  producer: 'Microsoft Word für Microsoft 365',
  date: date('2023-06-30T10:00:00Z'),
  pages: [
    page(
      NOTICE,
      'Gutachten zur Reform des Bundespolizeigesetzes',
      'Verfassungsrechtliche Bewertung des Referentenentwurfs eines Gesetzes zur Neustrukturierung des Bundespolizeigesetzes',
      'erstellt im Auftrag des Bundesministeriums des Innern und für Heimat',
      'Institut für Sicherheitsrecht (Beispiel)',
      'Stand: 30. Juni 2023',
    ),
    page(
      'Inhaltsverzeichnis',
      'A. Auftrag und Gang der Untersuchung ..... 3',
      'B. Zusammenfassung der Ergebnisse ..... 4',
      'C. Maßstäbe ..... 5',
      'I. Bestimmtheitsgebot ..... 5',
      'II. Verhältnismäßigkeit ..... 6',
      'D. Bewertung einzelner Befugnisse ..... 7',
      'I. Identitätsfeststellung und Befragung ..... 7',
      'II. Telekommunikationsüberwachung ..... 8',
      'III. Meldeauflagen und Aufenthaltsverbote ..... 9',
      'E. Datenschutzrechtliche Kontrolle ..... 10',
      'F. Empfehlungen ..... 11',
      'Anhang: Synopse ..... 12',
    ),
    page(
      'A. Auftrag und Gang der Untersuchung',
      'Das Bundesministerium des Innern und für Heimat hat das Institut mit Schreiben vom 14. März 2023 gebeten, den Referentenentwurf eines Gesetzes zur Neustrukturierung des Bundespolizeigesetzes verfassungsrechtlich zu bewerten. Gegenstand der Untersuchung sind insbesondere die neu gefassten Befugnisse zur Identitätsfeststellung, zur Überwachung der Telekommunikation und zu Aufenthaltsverboten.',
      'Die Untersuchung geht zunächst auf die verfassungsrechtlichen Maßstäbe ein, die das Bundesverfassungsgericht für polizeiliche Eingriffsbefugnisse entwickelt hat. Anschließend werden die einzelnen Befugnisse an diesen Maßstäben gemessen. Das Gutachten schließt mit Empfehlungen für das weitere Gesetzgebungsverfahren.',
      'Der Entwurf lag in der Fassung vom 2. März 2023 vor. Spätere Änderungen konnten nicht berücksichtigt werden.',
    ),
    page(
      'B. Zusammenfassung der Ergebnisse',
      '1. Der Entwurf ist in seiner Grundstruktur verfassungsgemäß. Die Neuordnung der Befugnisse verbessert die Normenklarheit gegenüber dem geltenden Recht.',
      '2. Die Befugnis zur verdachtsunabhängigen Befragung in Zügen und auf Bahnhöfen sollte auf Lagebilder gestützt und zeitlich begrenzt werden.',
      '3. Die Eingriffsschwelle für die Überwachung der Telekommunikation ist zu unbestimmt. Die Formulierung „Tatsachen, die die Annahme rechtfertigen“ sollte durch eine konkretisierte Gefahr ersetzt werden.',
      '4. Für Aufenthaltsverbote fehlt eine Höchstdauer. Wir empfehlen eine Begrenzung auf drei Monate mit Verlängerungsmöglichkeit durch richterliche Anordnung.',
      '5. Die Kontrolle durch die oder den Bundesbeauftragten für den Datenschutz und die Informationsfreiheit sollte durch regelmäßige Pflichtkontrollen gestärkt werden.',
    ),
    page(
      'C. Maßstäbe',
      'I. Bestimmtheitsgebot',
      'Polizeiliche Eingriffsbefugnisse müssen so bestimmt sein, dass die Betroffenen die Rechtslage erkennen und ihr Verhalten danach ausrichten können. Je schwerer der Eingriff wiegt, desto genauer muss der Gesetzgeber Anlass, Zweck und Grenzen festlegen.',
      'Für heimliche Maßnahmen gelten besonders strenge Anforderungen, weil die Betroffenen sich gegen sie nicht rechtzeitig wehren können. Das Gesetz muss hier selbst die wesentlichen Voraussetzungen regeln und darf sie nicht der Verwaltungspraxis überlassen.',
    ),
    page(
      'II. Verhältnismäßigkeit',
      'Jede Befugnis muss einem legitimen Zweck dienen und zu dessen Erreichung geeignet, erforderlich und angemessen sein. Bei der Angemessenheit sind das Gewicht des Eingriffs, die Zahl der Betroffenen und die Bedeutung der geschützten Rechtsgüter gegeneinander abzuwägen.',
      'Eingriffe, die zahlreiche Personen ohne eigenen Anlass treffen, bedürfen einer besonderen Rechtfertigung. Der Gesetzgeber muss hier durch verfahrensrechtliche Sicherungen wie Dokumentationspflichten, Berichtspflichten und unabhängige Kontrolle einen Ausgleich schaffen.',
    ),
    page(
      'D. Bewertung einzelner Befugnisse',
      'I. Identitätsfeststellung und Befragung',
      'Der Entwurf übernimmt die bisherige Befugnis zur Befragung in Zügen und auf dem Gebiet der Bahnanlagen des Bundes. Neu ist, dass die Befragung auch der Verhütung von Straftaten mit Bezug zum grenzüberschreitenden Verkehr dienen soll.',
      'Die Befugnis ist mit dem Bestimmtheitsgebot vereinbar, wenn sie an polizeiliche Lageerkenntnisse anknüpft. Diese Anknüpfung fehlt im Entwurf. Wir empfehlen, sie ausdrücklich aufzunehmen und die Lagebilder zu dokumentieren.',
    ),
    page(
      'II. Telekommunikationsüberwachung',
      'Die vorgeschlagene Befugnis erlaubt die Überwachung der Telekommunikation zur Abwehr einer dringenden Gefahr für Leib, Leben oder Freiheit einer Person. Zusätzlich soll die Überwachung zulässig sein, wenn Tatsachen die Annahme rechtfertigen, dass eine Person eine Straftat von erheblicher Bedeutung begehen wird.',
      'Die zweite Alternative verlagert die Eingriffsschwelle weit in das Vorfeld einer Gefahr. Sie genügt den Anforderungen an die Bestimmtheit nur, wenn das individuelle Verhalten der Person die konkrete Wahrscheinlichkeit begründet, dass sie in überschaubarer Zukunft eine solche Straftat begeht.',
    ),
    page(
      'III. Meldeauflagen und Aufenthaltsverbote',
      'Meldeauflagen und Aufenthaltsverbote greifen in die Freizügigkeit und die allgemeine Handlungsfreiheit ein. Der Entwurf sieht keine Höchstdauer vor. Das ist mit dem Grundsatz der Verhältnismäßigkeit nicht vereinbar.',
      'Wir empfehlen eine Höchstdauer von drei Monaten. Eine Verlängerung sollte nur durch richterliche Anordnung möglich sein.',
    ),
    page(
      'E. Datenschutzrechtliche Kontrolle',
      'Die Befugnisse zur verdeckten Datenerhebung sind mit einer wirksamen aufsichtlichen Kontrolle zu verbinden. Der Entwurf sieht Kontrollen der oder des Bundesbeauftragten für den Datenschutz und die Informationsfreiheit nur auf Anlass vor.',
      'Wir empfehlen Pflichtkontrollen in einem Abstand von höchstens zwei Jahren sowie eine Berichtspflicht gegenüber dem Deutschen Bundestag.',
    ),
    page(
      'F. Empfehlungen',
      '1. Anknüpfung der Befragungsbefugnis an dokumentierte Lagebilder.',
      '2. Streichung der Vorfeldalternative bei der Telekommunikationsüberwachung oder Konkretisierung der Gefahrenschwelle.',
      '3. Höchstdauer für Aufenthaltsverbote und Meldeauflagen.',
      '4. Pflichtkontrollen durch die Datenschutzaufsicht und jährliche Berichte an den Bundestag.',
      '5. Evaluierung des Gesetzes fünf Jahre nach Inkrafttreten durch unabhängige Sachverständige.',
    ),
    page(
      'Anhang: Synopse',
      'Geltendes Recht – Entwurf – Empfehlung',
      '§ 22 BPolG (Befragung) – § 24 BPolG-E – Lagebildbindung ergänzen',
      '§ 28a BPolG (Einsatz technischer Mittel) – § 41 BPolG-E – Schwelle konkretisieren',
      'nicht geregelt (Aufenthaltsverbot) – § 36 BPolG-E – Höchstdauer drei Monate',
      '§ 32 BPolG (Datenübermittlung) – § 55 BPolG-E – unverändert',
    ),
  ],
  outline: [
    { title: 'Inhaltsverzeichnis', page: 2 },
    { title: 'A. Auftrag und Gang der Untersuchung', page: 3 },
    { title: 'B. Zusammenfassung der Ergebnisse', page: 4 },
    {
      title: 'C. Maßstäbe',
      page: 5,
      children: [
        { title: 'I. Bestimmtheitsgebot', page: 5 },
        { title: 'II. Verhältnismäßigkeit', page: 6 },
      ],
    },
    {
      title: 'D. Bewertung einzelner Befugnisse',
      page: 7,
      children: [
        { title: 'I. Identitätsfeststellung und Befragung', page: 7 },
        { title: 'II. Telekommunikationsüberwachung', page: 8 },
        { title: 'III. Meldeauflagen und Aufenthaltsverbote', page: 9 },
      ],
    },
    { title: 'E. Datenschutzrechtliche Kontrolle', page: 10 },
    { title: 'F. Empfehlungen', page: 11 },
    { title: 'Anhang: Synopse', page: 12 },
  ],
};

const BKAMT = ['Bundeskanzleramt', 'Referat 111', 'Willy-Brandt-Straße 1, 10557 Berlin'];

const weeks = (month: string, entries: string[][]): PdfPageSpec[] =>
  entries.map((week, index) => page(`Terminkalender – ${month}, Teil ${index + 1}`, ...week));

const terminkalender: PdfSpec = {
  title: 'Terminkalender Chef des Bundeskanzleramtes, 1. Quartal 2024 (teilweise geschwärzt)',
  author: 'Bundeskanzleramt, Leitungsstab',
  subject: 'Auszug aus dem elektronischen Terminkalender, Januar bis März 2024',
  creator: 'Microsoft Excel für Microsoft 365',
  producer: 'Adobe PDF Library 23.8.53',
  date: date('2024-04-26T08:00:00Z'),
  pages: [
    ...weeks('Januar 2024', [
      [
        NOTICE,
        'Schwärzungen nach § 5 Abs. 1 IFG (personenbezogene Daten Dritter) und § 3 Nr. 1 lit. c IFG (innere Sicherheit).',
        '08.01.2024, 09:00 – Morgenlage Leitungsstab',
        '08.01.2024, 14:00 – Gespräch mit Interessenvertretung [geschwärzt]',
        '09.01.2024, 10:00 – Staatssekretärsrunde',
        '10.01.2024, 09:30 – Kabinettssitzung',
        '11.01.2024, 16:00 – Telefonat mit [geschwärzt]',
        '15.01.2024, 09:00 – Morgenlage Leitungsstab',
        '16.01.2024, 11:00 – Besprechung Haushaltsaufstellung 2025',
        '17.01.2024, 09:30 – Kabinettssitzung',
        '18.01.2024, 13:00 – Mittagessen mit Verbandsvertretern [geschwärzt]',
      ],
      [
        '22.01.2024, 09:00 – Morgenlage Leitungsstab',
        '23.01.2024, 15:00 – Sitzung Parlamentarisches Kontrollgremium (Inhalt nach § 3 Nr. 4 IFG nicht offengelegt)',
        '24.01.2024, 09:30 – Kabinettssitzung',
        '25.01.2024, 10:00 – Termin [geschwärzt]',
        '29.01.2024, 09:00 – Morgenlage Leitungsstab',
        '31.01.2024, 09:30 – Kabinettssitzung',
      ],
    ]),
    ...weeks('Februar 2024', [
      [
        '05.02.2024, 09:00 – Morgenlage Leitungsstab',
        '06.02.2024, 17:00 – Gespräch mit Unternehmensvertretung [geschwärzt] zum Thema Energieversorgung',
        '07.02.2024, 09:30 – Kabinettssitzung',
        '12.02.2024, 09:00 – Morgenlage Leitungsstab',
        '14.02.2024, 09:30 – Kabinettssitzung',
        '15.02.2024, 12:00 – Bund-Länder-Besprechung (Chefinnen und Chefs der Staatskanzleien)',
      ],
      [
        '19.02.2024, 09:00 – Morgenlage Leitungsstab',
        '21.02.2024, 09:30 – Kabinettssitzung',
        '22.02.2024, 18:30 – Parlamentarischer Abend [geschwärzt]',
        '26.02.2024, 09:00 – Morgenlage Leitungsstab',
        '28.02.2024, 09:30 – Kabinettssitzung',
      ],
    ]),
    ...weeks('März 2024', [
      [
        '04.03.2024, 09:00 – Morgenlage Leitungsstab',
        '05.03.2024, 10:00 – Gespräch mit Gewerkschaftsvertretung [geschwärzt]',
        '06.03.2024, 09:30 – Kabinettssitzung',
        '13.03.2024, 09:30 – Kabinettssitzung',
        '14.03.2024, 16:00 – Telefonat mit [geschwärzt]',
      ],
      [
        '18.03.2024, 09:00 – Morgenlage Leitungsstab',
        '20.03.2024, 09:30 – Kabinettssitzung',
        '21.03.2024, 11:00 – Besprechung Digitalisierung der Verwaltung',
        '27.03.2024, 09:30 – Kabinettssitzung',
        'Ende des Auszugs.',
      ],
    ]),
  ],
  outline: [
    { title: 'Januar 2024', page: 1, children: [{ title: 'Teil 2', page: 2 }] },
    { title: 'Februar 2024', page: 3, children: [{ title: 'Teil 2', page: 4 }] },
    { title: 'März 2024', page: 5, children: [{ title: 'Teil 2', page: 6 }] },
  ],
};

const KITA = ['Bezirksamt Friedrichshain-Kreuzberg von Berlin', 'Abteilung Jugend, Familie und Gesundheit – Jugendamt', 'Frankfurter Allee 35/37, 10247 Berlin'];

const pfasBericht: PdfSpec = {
  title: 'Messbericht PFAS im Rhein 2023',
  author: 'Landesamt für Natur, Umwelt und Klima Nordrhein-Westfalen, Fachbereich Gewässerqualität',
  subject: 'Per- und polyfluorierte Alkylsubstanzen (PFAS) an den Messstellen Bad Honnef, Düsseldorf-Flehe und Kleve-Bimmen',
  keywords: 'PFAS, Rhein, Gewässermonitoring',
  creator: 'LibreOffice Writer',
  producer: 'LibreOffice 7.6',
  date: date('2024-05-15T09:00:00Z'),
  pages: [
    page(
      NOTICE,
      'Messbericht PFAS im Rhein 2023',
      'Ergebnisse des Gewässermonitorings an drei Messstationen am nordrhein-westfälischen Rhein',
      'Landesamt für Natur, Umwelt und Klima Nordrhein-Westfalen',
      'Recklinghausen, Mai 2024',
    ),
    page(
      '1. Anlass und Messprogramm',
      'Per- und polyfluorierte Alkylsubstanzen (PFAS) sind langlebige Industriechemikalien, die sich in der Umwelt anreichern. Das Landesamt untersucht den Rhein seit 2008 regelmäßig auf PFAS. 2023 wurden an den Messstationen Bad Honnef, Düsseldorf-Flehe und Kleve-Bimmen monatlich Proben genommen.',
      'Untersucht wurden 20 Einzelsubstanzen, darunter PFOA, PFOS, PFHxS und PFNA. Die Bestimmungsgrenze lag für alle Substanzen bei 1 ng/l.',
    ),
    page(
      '2. Ergebnisse',
      '2.1 Jahresmittelwerte',
      'Bad Honnef: Summe PFAS 20 im Mittel 18 ng/l (Vorjahr 21 ng/l).',
      'Düsseldorf-Flehe: Summe PFAS 20 im Mittel 24 ng/l (Vorjahr 26 ng/l).',
      'Kleve-Bimmen: Summe PFAS 20 im Mittel 27 ng/l (Vorjahr 29 ng/l).',
      '2.2 Einzelstoffe',
      'PFOS überschritt die Umweltqualitätsnorm für den Jahresdurchschnitt von 0,65 ng/l an allen drei Messstationen. Die Werte lagen zwischen 2,1 und 3,4 ng/l.',
    ),
    page(
      '2.3 Zeitlicher Verlauf',
      'Die Konzentrationen sind seit 2015 insgesamt rückläufig. Kurzzeitige Spitzen im Juli und September 2023 gehen nach Einschätzung des Landesamtes auf Einleitungen im Oberlauf zurück.',
      '3. Einleitungen',
      'Die Auswertung der Einleiterdaten ist in diesem Auszug nicht enthalten. [Abschnitt 3.1 bis 3.4 geschwärzt: Betriebs- und Geschäftsgeheimnisse, § 9 Abs. 1 Satz 1 Nr. 3 UIG]',
    ),
    page(
      '4. Bewertung',
      'Die Belastung des Rheins mit PFAS ist weiterhin messbar, aber rückläufig. Die Überschreitung der Umweltqualitätsnorm für PFOS betrifft alle großen Fließgewässer in Nordrhein-Westfalen und ist vor allem auf diffuse Einträge zurückzuführen.',
      'Das Landesamt wird das Messprogramm 2024 um weitere kurzkettige Substanzen erweitern.',
    ),
    page(
      'Anhang: Messstationen',
      'Bad Honnef – Rhein-km 640,0 – linkes Ufer',
      'Düsseldorf-Flehe – Rhein-km 732,1 – rechtes Ufer',
      'Kleve-Bimmen – Rhein-km 865,0 – linkes Ufer',
    ),
  ],
  outline: [
    { title: '1. Anlass und Messprogramm', page: 2 },
    {
      title: '2. Ergebnisse',
      page: 3,
      children: [
        { title: '2.1 Jahresmittelwerte', page: 3 },
        { title: '2.2 Einzelstoffe', page: 3 },
        { title: '2.3 Zeitlicher Verlauf', page: 4 },
      ],
    },
    { title: '3. Einleitungen', page: 4 },
    { title: '4. Bewertung', page: 5 },
    { title: 'Anhang: Messstationen', page: 6 },
  ],
};

const SENINN = ['Senatsverwaltung für Inneres und Sport', 'Abteilung III – Öffentliche Sicherheit und Ordnung', 'Klosterstraße 47, 10179 Berlin'];

export const SAMPLE_PDFS: SamplePdf[] = [
  // --- request 1: BMI, Gutachten ---
  {
    path: `${R1}/files/103/Anschreiben_BMI.pdf`,
    spec: {
      title: 'Ihr Antrag nach dem IFG vom 15. Januar 2024',
      author: 'BMI, Referat Z 1',
      creator: 'VIS-Suite eAkte',
      producer: 'PDFKit',
      date: date('2024-02-12T08:00:00Z'),
      pages: [
        letterPage({
          from: BMI,
          to: REQUESTER,
          placeDate: 'Berlin, 12. Februar 2024',
          reference: 'Z 1 - 12007/3#18',
          subject: 'Ihr Antrag nach dem Informationsfreiheitsgesetz (IFG) vom 15. Januar 2024',
          body: [
            'Sehr geehrte Antragstellerin, sehr geehrter Antragsteller,',
            'mit E-Mail vom 15. Januar 2024 haben Sie Zugang zu dem Gutachten beantragt, das das Bundesministerium des Innern und für Heimat zur Reform des Bundespolizeigesetzes in Auftrag gegeben hat.',
            'Ihrem Antrag wird stattgegeben. Das Gutachten übersende ich Ihnen als Anlage. Gebühren und Auslagen werden nicht erhoben.',
            'Anlage: Gutachten zur Reform des Bundespolizeigesetzes (12 Seiten)',
          ],
        }),
      ],
    },
  },
  { path: `${R1}/files/103/Gutachten_Bundespolizeigesetz.pdf`, spec: gutachtenBundespolizei },

  // --- request 2: Bundeskanzleramt, Terminkalender ---
  {
    path: `${R2}/files/202/Bescheid_2024-04-29.pdf`,
    spec: {
      title: 'Bescheid vom 29. April 2024 – Antrag auf Zugang zum Terminkalender',
      author: 'Bundeskanzleramt, Referat 111',
      subject: 'Teilweise Stattgabe eines Antrags nach dem IFG',
      creator: 'Microsoft Word für Microsoft 365',
      producer: 'Microsoft Word für Microsoft 365',
      date: date('2024-04-29T09:00:00Z'),
      pages: [
        letterPage({
          from: BKAMT,
          to: REQUESTER,
          placeDate: 'Berlin, 29. April 2024',
          reference: '111 - 15100 - If 4/24',
          subject: 'Ihr Antrag auf Informationszugang vom 3. April 2024',
          body: [
            'Sehr geehrte Antragstellerin, sehr geehrter Antragsteller,',
            'auf Ihren Antrag vom 3. April 2024 ergeht folgender Bescheid:',
            '1. Ihnen wird Zugang zu dem Terminkalender des Chefs des Bundeskanzleramtes für den Zeitraum vom 1. Januar bis 31. März 2024 in der anliegenden, teilweise geschwärzten Fassung gewährt.',
            '2. Im Übrigen wird der Antrag abgelehnt.',
            '3. Der Bescheid ergeht gebührenfrei.',
          ],
          closing: [],
        }),
        page(
          'Begründung',
          'Die Namen von Gesprächspartnerinnen und Gesprächspartnern, die keine Amtsträger sind, wurden nach § 5 Abs. 1 IFG geschwärzt. Die Betroffenen haben in die Offenlegung nicht eingewilligt; ihr schutzwürdiges Interesse überwiegt das Informationsinteresse.',
          'Angaben zu Terminen mit Bezug zu den Nachrichtendiensten sind nach § 3 Nr. 8 IFG vom Informationszugang ausgenommen. Einzelne Ortsangaben wurden nach § 3 Nr. 1 lit. c IFG geschwärzt, weil ihre Offenlegung die Sicherheit von Personen gefährden könnte.',
          'Rechtsbehelfsbelehrung: Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch beim Bundeskanzleramt, Willy-Brandt-Straße 1, 10557 Berlin, erhoben werden.',
          'Mit freundlichen Grüßen',
          'Im Auftrag',
          '[Unterschrift]',
        ),
      ],
    },
  },
  { path: `${R2}/files/202/Terminkalender_Jan-Maerz_2024.pdf`, spec: terminkalender },
  {
    path: `${R2}/files/206/Widerspruchsbescheid_2024-08-16.pdf`,
    spec: {
      title: 'Widerspruchsbescheid vom 16. August 2024',
      author: 'Bundeskanzleramt, Justitiariat',
      subject: 'Widerspruch gegen den Bescheid vom 29. April 2024',
      creator: 'Microsoft Word für Microsoft 365',
      producer: 'Microsoft Word für Microsoft 365',
      date: date('2024-08-16T10:00:00Z'),
      pages: [
        letterPage({
          from: ['Bundeskanzleramt', 'Justitiariat', 'Willy-Brandt-Straße 1, 10557 Berlin'],
          to: REQUESTER,
          placeDate: 'Berlin, 16. August 2024',
          reference: '111 - 15100 - If 4/24 W',
          subject: 'Widerspruchsbescheid',
          body: [
            'Auf Ihren Widerspruch vom 10. Mai 2024 gegen den Bescheid des Bundeskanzleramtes vom 29. April 2024 ergeht folgender Widerspruchsbescheid:',
            '1. Der Bescheid vom 29. April 2024 wird insoweit aufgehoben, als die Namen von Vertreterinnen und Vertretern von Verbänden und Unternehmen geschwärzt wurden, die als Interessenvertretung im Lobbyregister eingetragen sind.',
            '2. Im Übrigen wird der Widerspruch zurückgewiesen.',
            '3. Das Widerspruchsverfahren ist gebührenfrei. Auslagen werden nicht erstattet.',
          ],
          closing: [],
        }),
        page(
          'Gründe',
          'I. Sachverhalt',
          'Mit Antrag vom 3. April 2024 begehrten Sie Zugang zum Terminkalender des Chefs des Bundeskanzleramtes für das erste Quartal 2024. Mit Bescheid vom 29. April 2024 wurde Ihnen teilweise Zugang gewährt. Hiergegen richtet sich Ihr Widerspruch vom 10. Mai 2024. Die oder der Bundesbeauftragte für den Datenschutz und die Informationsfreiheit wurde mit Schreiben vom 14. Juni 2024 um Vermittlung gebeten.',
          'II. Rechtliche Würdigung',
          'Der Widerspruch ist zulässig und teilweise begründet. Soweit Personen als Interessenvertretung im Lobbyregister des Deutschen Bundestages eingetragen sind, ist ihr Name bereits öffentlich zugänglich. Ein überwiegendes schutzwürdiges Interesse an der Geheimhaltung besteht insoweit nicht.',
        ),
        page(
          'Im Übrigen bleibt es bei den Schwärzungen. Für Termine mit Bezug zu den Nachrichtendiensten gilt der Ausschlussgrund des § 3 Nr. 8 IFG ohne Abwägung.',
          'Eine entsprechend neu geschwärzte Fassung des Terminkalenders wird Ihnen gesondert übersandt.',
          'Rechtsbehelfsbelehrung: Gegen diesen Bescheid kann innerhalb eines Monats nach Zustellung Klage beim Verwaltungsgericht Berlin erhoben werden.',
          'Mit freundlichen Grüßen',
          'Im Auftrag',
          '[Unterschrift]',
        ),
      ],
      outline: [
        { title: 'Tenor', page: 1 },
        { title: 'Gründe', page: 2, children: [{ title: 'I. Sachverhalt', page: 2 }, { title: 'II. Rechtliche Würdigung', page: 2 }] },
        { title: 'Rechtsbehelfsbelehrung', page: 3 },
      ],
    },
  },

  // --- request 3: BMG, Schutzmasken (Bescheid with the requester's address: private document) ---
  {
    path: `${R3}/files/303/Bescheid_2024-03-12.pdf`,
    spec: {
      title: 'Bescheid vom 12. März 2024 – Verträge Schutzmasken',
      author: 'Bundesministerium für Gesundheit, Referat Z 14',
      subject: 'Ablehnung eines Antrags nach dem IFG',
      creator: 'Canon iR-ADV C5535 (Scan)',
      producer: 'Canon PDF Platform',
      date: date('2024-03-12T11:00:00Z'),
      pages: [
        letterPage({
          from: ['Bundesministerium für Gesundheit', 'Referat Z 14 – Informationsfreiheit', 'Rochusstraße 1, 53123 Bonn'],
          to: ['[Name geschwärzt]', '[Straße geschwärzt]', '[PLZ, Ort geschwärzt]'],
          placeDate: 'Bonn, 12. März 2024',
          reference: 'Z 14 - 01150/IFG-24-031',
          subject: 'Einschreiben – Ihr Antrag nach dem IFG vom 29. Januar 2024',
          body: [
            'Sehr geehrte Antragstellerin, sehr geehrter Antragsteller,',
            'Sie haben Zugang zu den Verträgen beantragt, die im Rahmen des Open-House-Verfahrens zur Beschaffung von Schutzmasken im Jahr 2020 geschlossen wurden, sowie zu den zugehörigen Vermerken über die Abnahmeprüfung.',
            'Ihr Antrag wird abgelehnt.',
          ],
          closing: [],
        }),
        page(
          'Begründung',
          'Die Verträge enthalten Preise, Liefermengen, Lieferketten und Qualitätsvereinbarungen der Vertragspartner. Diese Angaben sind Betriebs- und Geschäftsgeheimnisse im Sinne des § 6 Satz 2 IFG. Die Vertragspartner haben der Offenlegung im Drittbeteiligungsverfahren nach § 8 IFG widersprochen.',
          'Die Vermerke über die Abnahmeprüfung sind Gegenstand laufender zivilrechtlicher Verfahren. Ihre Offenlegung könnte nach § 3 Nr. 1 lit. g IFG nachteilige Auswirkungen auf die Durchführung dieser Verfahren haben.',
          'Eine teilweise Offenlegung nach § 7 Abs. 2 IFG kommt nicht in Betracht, weil nach Schwärzung der geschützten Angaben kein sinnvoll verwertbarer Informationsgehalt verbliebe.',
        ),
        page(
          'Gebühren',
          'Für die Ablehnung werden keine Gebühren erhoben.',
          'Rechtsbehelfsbelehrung',
          'Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch beim Bundesministerium für Gesundheit, Rochusstraße 1, 53123 Bonn, erhoben werden. Sie können sich außerdem an die Bundesbeauftragte für den Datenschutz und die Informationsfreiheit wenden.',
          'Mit freundlichen Grüßen',
          'Im Auftrag',
          '[Unterschrift]',
        ),
      ],
    },
  },

  // --- request 4: UBA, Nitrat (cover letter; the data is the spreadsheet) ---
  {
    path: `${R4}/files/403/Anschreiben UBA.pdf`,
    spec: {
      title: 'Antwort des Umweltbundesamtes auf Ihre Anfrage nach dem UIG',
      author: 'Umweltbundesamt, Fachgebiet II 2.1',
      creator: 'Microsoft Word 2016',
      producer: 'Microsoft Word 2016',
      date: date('2024-02-28T12:00:00Z'),
      pages: [
        letterPage({
          from: ['Umweltbundesamt', 'Fachgebiet II 2.1 – Übergreifende Angelegenheiten Wasser und Boden', 'Wörlitzer Platz 1, 06844 Dessau-Roßlau'],
          to: REQUESTER,
          placeDate: 'Dessau-Roßlau, 28. Februar 2024',
          reference: 'II 2.1 - 90 211/0017',
          subject: 'Ihre Anfrage nach dem Umweltinformationsgesetz (UIG) vom 6. Februar 2024',
          body: [
            'Sehr geehrte Antragstellerin, sehr geehrter Antragsteller,',
            'vielen Dank für Ihre Anfrage. Als Anlage erhalten Sie eine Tabelle mit den Nitratmesswerten des Jahres 2023 für die Messstellen des EU-Nitratmessnetzes, soweit sie dem Umweltbundesamt von den Ländern übermittelt wurden.',
            'Die Tabelle enthält je Messstelle das Land, die Kennung, den Mittelwert und den Höchstwert der Nitratkonzentration in Milligramm je Liter. Der Schwellenwert der Grundwasserverordnung liegt bei 50 mg/l.',
            'Die Auskunft ist gebührenfrei.',
          ],
        }),
      ],
    },
  },

  // --- request 5: BMDV, Dienstwagen (cost announcement) ---
  {
    path: `${R5}/files/502/Kostenankündigung.pdf`,
    spec: {
      title: 'Hinweis auf voraussichtliche Gebühren',
      author: 'Bundesministerium für Digitales und Verkehr, Referat Z 13',
      creator: 'Microsoft Word für Microsoft 365',
      producer: 'Microsoft Word für Microsoft 365',
      date: date('2024-04-08T12:00:00Z'),
      pages: [
        letterPage({
          from: ['Bundesministerium für Digitales und Verkehr', 'Referat Z 13', 'Invalidenstraße 44, 10115 Berlin'],
          to: REQUESTER,
          placeDate: 'Berlin, 8. April 2024',
          reference: 'Z 13/1103.4/24-0312',
          subject: 'Ihr Antrag nach dem IFG vom 11. März 2024 – Dienstwagennutzung',
          body: [
            'Sehr geehrte Antragstellerin, sehr geehrter Antragsteller,',
            'Ihr Antrag umfasst die Fahrtenbücher sämtlicher Dienstwagen der Hausleitung für das Jahr 2023. Nach einer ersten Sichtung handelt es sich um etwa 1.400 Einträge, die vor einer Herausgabe auf personenbezogene Daten Dritter und Sicherheitsbelange geprüft werden müssen.',
            'Für die Bearbeitung ist nach der Informationsgebührenverordnung mit Gebühren zwischen 250 und 500 Euro zu rechnen. Bitte teilen Sie uns innerhalb von zwei Wochen mit, ob Sie Ihren Antrag aufrechterhalten oder ihn einschränken möchten, etwa auf einen Monat oder auf die Gesamtkilometer je Fahrzeug.',
          ],
        }),
      ],
    },
  },

  // --- request 6: Polizei Berlin, Silvester ---
  {
    path: `${R6}/files/603/Gebührenbescheid März.pdf`,
    spec: {
      title: 'Gebührenbescheid vom 12. März 2024',
      author: 'Polizei Berlin, Stab des Polizeipräsidiums',
      creator: 'Kyocera TASKalfa 5053ci (Scan)',
      producer: 'Kyocera Scan to PDF',
      date: date('2024-03-12T07:30:00Z'),
      pages: [
        letterPage({
          from: ['Der Polizeipräsident in Berlin', 'Stab des Polizeipräsidiums – IFG-Stelle', 'Platz der Luftbrücke 6, 12101 Berlin'],
          to: REQUESTER,
          placeDate: 'Berlin, 12. März 2024',
          reference: 'St 3 - 0455/24',
          subject: 'Gebührenbescheid zu Ihrem Antrag nach dem Berliner Informationsfreiheitsgesetz vom 8. Januar 2024',
          body: [
            'Für die Gewährung der Akteneinsicht in das Einsatzkonzept für die Silvesternacht 2023/24 wird eine Gebühr nach dem Berliner Gebührenverzeichnis für Amtshandlungen nach dem IFG festgesetzt.',
            'Gebühr: 85,00 Euro',
            'Bitte überweisen Sie den Betrag innerhalb eines Monats unter Angabe des Kassenzeichens 4711-0815-2024 an die Landeshauptkasse Berlin.',
            'Rechtsbehelfsbelehrung: Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch beim Polizeipräsidenten in Berlin erhoben werden.',
          ],
        }),
      ],
    },
  },
  {
    path: `${R6}/files/603/Anlage 1 - Einsatzkonzept (Auszug).pdf`,
    spec: {
      title: 'Einsatzkonzept Jahreswechsel 2023/2024 (Auszug, geschwärzt)',
      author: 'Polizei Berlin, Landespolizeidirektion',
      subject: 'Allgemeine Besondere Aufbauorganisation Jahreswechsel',
      creator: 'Microsoft Word 2019',
      producer: 'Adobe Acrobat Pro 2020 (Schwärzung)',
      date: date('2024-03-11T15:00:00Z'),
      pages: [
        page(
          NOTICE,
          'Polizei Berlin – Landespolizeidirektion',
          'Einsatzkonzept Jahreswechsel 2023/2024',
          'Auszug – Verschlusssache, teilweise geschwärzt nach dem Berliner Informationsfreiheitsgesetz',
          'Gliederung: 1. Lage – 2. Auftrag – 3. Durchführung – 4. Kommunikation',
        ),
        page(
          '1. Lage',
          'In den Jahreswechseln 2021/22 und 2022/23 kam es in mehreren Ortsteilen zu Angriffen mit Pyrotechnik auf Einsatzkräfte von Polizei und Feuerwehr. Für den Jahreswechsel 2023/24 ist mit einer vergleichbaren Lage zu rechnen.',
          'Schwerpunkte: [geschwärzt]',
        ),
        page(
          '2. Auftrag',
          'Die Polizei Berlin gewährleistet die öffentliche Sicherheit und Ordnung im Stadtgebiet, schützt Einsatzkräfte von Feuerwehr und Rettungsdienst und verfolgt Straftaten konsequent.',
          'Pyrotechnikverbotszonen werden am Alexanderplatz, in der Pallasstraße und im Steinmetzkiez eingerichtet und kontrolliert.',
        ),
        page(
          '3. Durchführung',
          '3.1 Kräfte',
          'Eingesetzt werden rund 3.000 Kräfte der Polizei Berlin sowie Unterstützungskräfte anderer Länder und der Bundespolizei. Aufteilung auf Einsatzabschnitte: [geschwärzt]',
          '3.2 Einsatzabschnitte',
          'Einsatzabschnitt Mitte – Einsatzabschnitt Süd – Einsatzabschnitt Nord – Raumschutz. Einzelheiten: [geschwärzt]',
        ),
        page(
          '4. Kommunikation',
          'Die Polizei Berlin informiert vor dem Jahreswechsel über Verbotszonen und Verhaltenshinweise. In der Silvesternacht berichtet das Social-Media-Team laufend über die Lage.',
          'Ende des Auszugs.',
        ),
      ],
      outline: [
        { title: '1. Lage', page: 2 },
        { title: '2. Auftrag', page: 3 },
        { title: '3. Durchführung', page: 4, children: [{ title: '3.1 Kräfte', page: 4 }, { title: '3.2 Einsatzabschnitte', page: 4 }] },
        { title: '4. Kommunikation', page: 5 },
      ],
    },
  },

  // --- request 7: Bezirksamt, Kita-Platzvergabe ---
  {
    path: `${R7}/files/702/Anlage 1 - Vergabekriterien.pdf`,
    spec: {
      title: 'Kriterien für die Vergabe von Kita-Plätzen im Bezirk Friedrichshain-Kreuzberg',
      author: 'Bezirksamt Friedrichshain-Kreuzberg, Jugendamt, Fachdienst Kindertagesbetreuung',
      subject: 'Verwaltungsinterne Arbeitshilfe, Stand Januar 2024',
      creator: 'LibreOffice Writer',
      producer: 'LibreOffice 7.5',
      date: date('2024-01-15T09:00:00Z'),
      pages: [
        page(
          NOTICE,
          KITA.join(' | '),
          'Arbeitshilfe: Kriterien für die Vergabe von Kita-Plätzen und die Ausstellung von Kita-Gutscheinen',
          'Stand: Januar 2024',
          '1. Rechtsgrundlagen',
          'Jedes Kind hat ab dem vollendeten ersten Lebensjahr einen Rechtsanspruch auf Förderung in einer Tageseinrichtung oder in Kindertagespflege. Das Jugendamt stellt den Bedarf mit dem Kita-Gutschein fest; die Platzvergabe selbst erfolgt durch die Träger der Einrichtungen.',
        ),
        page(
          '2. Kita-Gutschein',
          '2.1 Umfang der Förderung',
          'Ohne Nachweis eines besonderen Bedarfs wird eine Teilzeitförderung von bis zu sieben Stunden täglich bewilligt. Ein höherer Umfang setzt den Nachweis von Erwerbstätigkeit, Ausbildung oder eines pädagogischen Bedarfs voraus.',
          '2.2 Bearbeitungszeit',
          'Anträge sollen zwei Monate vor dem gewünschten Betreuungsbeginn gestellt werden. Die durchschnittliche Bearbeitungszeit betrug im Jahr 2023 fünf Wochen.',
        ),
        page(
          '3. Unterstützung bei der Platzsuche',
          '3.1 Vorrangige Vermittlung',
          'Das Jugendamt unterstützt vorrangig Familien, in denen ein Kind einen pädagogischen oder sozialen Bedarf hat, Familien in Notunterkünften sowie Alleinerziehende in Ausbildung.',
          '3.2 Wartelisten',
          'Das Jugendamt führt keine eigene Warteliste. Die Träger führen eigene Vormerklisten nach ihren Aufnahmekriterien, insbesondere Geschwisterkinder, Wohnortnähe und Anmeldedatum.',
        ),
        page(
          '4. Statistik 2023',
          'Ausgestellte Kita-Gutscheine: 4.812',
          'Anfragen auf Unterstützung bei der Platzsuche: 1.236',
          'davon erfolgreich vermittelt: 947',
          'Klagen auf einen Betreuungsplatz: 58',
        ),
      ],
      outline: [
        { title: '1. Rechtsgrundlagen', page: 1 },
        { title: '2. Kita-Gutschein', page: 2, children: [{ title: '2.1 Umfang der Förderung', page: 2 }, { title: '2.2 Bearbeitungszeit', page: 2 }] },
        { title: '3. Unterstützung bei der Platzsuche', page: 3, children: [{ title: '3.1 Vorrangige Vermittlung', page: 3 }, { title: '3.2 Wartelisten', page: 3 }] },
        { title: '4. Statistik 2023', page: 4 },
      ],
    },
  },

  // --- request 9: BUKEA Hamburg, Nitrat (no Info title: the document title becomes the file name) ---
  {
    path: `${R9}/files/902/Messwerte Grundwasser 2023.pdf`,
    spec: {
      author: 'BUKEA, Amt für Umweltschutz, Abteilung Wasserwirtschaft',
      creator: 'Microsoft Excel 2016',
      producer: 'Microsoft Excel 2016',
      date: date('2024-09-27T10:00:00Z'),
      pages: [
        page(
          NOTICE,
          'Grundwassergütemessnetz Hamburg – Nitrat (NO3) in mg/l, Jahresmittelwerte',
          'Messstelle – 2020 – 2021 – 2022 – 2023',
          'HH-GW-1012 Kirchwerder – 38,2 – 41,0 – 39,5 – 37,8',
          'HH-GW-1047 Neuengamme – 55,1 – 57,3 – 52,9 – 51,4',
          'HH-GW-1108 Moorfleet – 12,4 – 11,9 – 13,1 – 12,7',
          'HH-GW-2031 Francop – 47,6 – 49,2 – 50,8 – 48,1',
          'HH-GW-2077 Neuenfelde – 61,3 – 58,7 – 56,2 – 54,9',
        ),
        page(
          'Fortsetzung',
          'HH-GW-3005 Duvenstedt – 8,1 – 7,6 – 8,4 – 7,9',
          'HH-GW-3019 Wohldorf-Ohlstedt – 5,2 – 5,5 – 4,9 – 5,1',
          'HH-GW-4120 Rissen – 22,6 – 24,1 – 23,3 – 21,8',
          'HH-GW-4133 Sülldorf – 29,9 – 31,4 – 30,2 – 28,6',
        ),
        page(
          'Erläuterungen',
          'Schwellenwert nach Anlage 2 der Grundwasserverordnung: 50 mg/l.',
          'Die Werte sind Mittelwerte aus zwei Probenahmen je Jahr (Frühjahr und Herbst). Messstellen in den Vier- und Marschlanden liegen in landwirtschaftlich, insbesondere gartenbaulich genutzten Gebieten.',
          'Quelle: Grundwassergütemessnetz der Freien und Hansestadt Hamburg.',
        ),
      ],
    },
  },

  // --- request 10: Polizei Hamburg, Drohnen ---
  {
    path: `${R10}/files/1002/Antwort_Polizei_Hamburg.pdf`,
    spec: {
      title: 'Antwort auf Ihren Antrag nach dem Hamburgischen Transparenzgesetz',
      author: 'Polizei Hamburg, Rechtsabteilung',
      creator: 'Canon iR-ADV C5540 (Scan)',
      producer: 'Canon PDF Platform',
      date: date('2024-03-07T09:00:00Z'),
      pages: [
        letterPage({
          from: ['Polizei Hamburg', 'Rechtsabteilung – Transparenzangelegenheiten', 'Bruno-Georges-Platz 1, 22297 Hamburg'],
          to: REQUESTER,
          placeDate: 'Hamburg, 7. März 2024',
          reference: 'PR 21/HmbTG-2024-118',
          subject: 'Ihr Antrag nach dem HmbTG vom 19. Februar 2024',
          body: [
            'Sehr geehrte Antragstellerin, sehr geehrter Antragsteller,',
            'Sie baten um eine Statistik über die Einsätze von Drohnen (unbemannten Luftfahrtsystemen) durch die Polizei Hamburg im Jahr 2023, aufgeschlüsselt nach Anlass und Einsatzort.',
            'Eine solche Statistik wird bei der Polizei Hamburg nicht geführt. Einsätze von Drohnen werden in den jeweiligen Einsatzdokumentationen vermerkt, aber nicht zentral ausgewertet. Die begehrte Information liegt daher nicht vor; eine Pflicht, sie erst zu erstellen, besteht nach dem HmbTG nicht.',
            'Gebühren werden nicht erhoben.',
          ],
        }),
      ],
    },
  },

  // --- request 12: LANUK NRW, PFAS ---
  { path: `${R12}/files/1202/Messbericht PFAS Rhein 2023.pdf`, spec: pfasBericht },
  {
    path: `${R12}/files/1204/Bescheid_2024-06-12.pdf`,
    spec: {
      title: 'Bescheid vom 12. Juni 2024 – Einleiterdaten PFAS',
      author: 'LANUK NRW, Justiziariat',
      subject: 'Teilablehnung nach dem Umweltinformationsgesetz NRW',
      creator: 'Microsoft Word 2019',
      producer: 'Microsoft Word 2019',
      date: date('2024-06-12T08:00:00Z'),
      pages: [
        letterPage({
          from: ['Landesamt für Natur, Umwelt und Klima Nordrhein-Westfalen', 'Justiziariat', 'Leibnizstraße 10, 45659 Recklinghausen'],
          to: REQUESTER,
          placeDate: 'Recklinghausen, 12. Juni 2024',
          reference: 'J 2 - 52.01.04/24',
          subject: 'Ihr Antrag auf Umweltinformationen vom 22. April 2024, hier: Einleiterdaten',
          body: [
            'Sehr geehrte Antragstellerin, sehr geehrter Antragsteller,',
            'mit E-Mail vom 23. Mai 2024 baten Sie ergänzend um die geschwärzten Abschnitte 3.1 bis 3.4 des Messberichts PFAS im Rhein 2023, die Angaben zu einzelnen Einleitern enthalten.',
            'Der Antrag wird insoweit abgelehnt, als die Abschnitte Produktionsmengen und Verfahren einzelner Unternehmen beschreiben. Diese Angaben sind Betriebs- und Geschäftsgeheimnisse (§ 2 UIG NRW in Verbindung mit § 9 Abs. 1 Satz 1 Nr. 3 UIG). Die betroffenen Unternehmen haben der Offenlegung widersprochen.',
          ],
          closing: [],
        }),
        page(
          'Soweit die Abschnitte Emissionen in die Umwelt betreffen, können Sie sich nicht auf Betriebs- und Geschäftsgeheimnisse berufen (§ 9 Abs. 1 Satz 2 UIG). Die Frachten je Einleitstelle übersenden wir Ihnen daher in einer gesonderten Tabelle, sobald die Anhörung abgeschlossen ist.',
          'Rechtsbehelfsbelehrung: Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Klage beim Verwaltungsgericht Gelsenkirchen erhoben werden.',
          'Mit freundlichen Grüßen',
          'Im Auftrag',
          '[Unterschrift]',
        ),
      ],
    },
  },

  // --- request 13 (not public): NRW ministry ---
  {
    path: `${R13}/files/1302/Eingangsbestätigung.pdf`,
    spec: {
      title: 'Eingangsbestätigung',
      author: 'MUNV NRW, Referat I-3',
      creator: 'Microsoft Word 2019',
      producer: 'Microsoft Word 2019',
      date: date('2024-10-02T08:00:00Z'),
      pages: [
        letterPage({
          from: ['Ministerium für Umwelt, Naturschutz und Verkehr des Landes Nordrhein-Westfalen', 'Referat I-3', 'Emilie-Preyer-Platz 1, 40479 Düsseldorf'],
          to: REQUESTER,
          placeDate: 'Düsseldorf, 2. Oktober 2024',
          reference: 'I-3 - 0210.2/24',
          subject: 'Eingangsbestätigung',
          body: ['Ihr Antrag nach dem IFG NRW ist am 30. September 2024 eingegangen und wird unter dem oben genannten Geschäftszeichen bearbeitet.'],
        }),
      ],
    },
  },

  // --- request 14: Bundespolizeipräsidium, Bodycams ---
  {
    path: `${R14}/files/1402/Schreiben_Bundespolizeipräsidium.pdf`,
    spec: {
      title: 'Ihr Antrag nach dem IFG – Evaluation Bodycams',
      author: 'Bundespolizeipräsidium, Referat 15',
      creator: 'VIS-Suite eAkte',
      producer: 'PDFKit',
      date: date('2023-11-20T09:00:00Z'),
      pages: [
        letterPage({
          from: ['Bundespolizeipräsidium', 'Referat 15 – Recht', 'Heinrich-Mann-Allee 103, 14473 Potsdam'],
          to: REQUESTER,
          placeDate: 'Potsdam, 20. November 2023',
          reference: '15 - 13 10 02 - 0412/23',
          subject: 'Ihr Antrag nach dem IFG vom 6. November 2023',
          body: [
            'Sehr geehrte Antragstellerin, sehr geehrter Antragsteller,',
            'Sie baten um den Abschlussbericht zur Evaluation des Einsatzes körpernah getragener Aufnahmegeräte (Bodycams) an Bahnhöfen.',
            'Der Bericht wird derzeit abschließend abgestimmt und soll im ersten Quartal 2024 auf der Internetseite der Bundespolizei veröffentlicht werden. Wir regen an, die Veröffentlichung abzuwarten. Andernfalls müsste der Entwurf vor einer Herausgabe nach § 4 IFG geprüft werden.',
          ],
        }),
      ],
    },
  },

  // --- request 15: Senatsverwaltung für Inneres und Sport, Video ---
  {
    path: `${R15}/files/1503/Gutachten Videoüberwachung.pdf`,
    spec: {
      title: 'Videoüberwachung an kriminalitätsbelasteten Orten – Gutachterliche Stellungnahme',
      author: 'Senatsverwaltung für Inneres und Sport, Abteilung III',
      subject: 'Rechtliche und kriminologische Bewertung',
      creator: 'Microsoft Word für Microsoft 365',
      producer: 'Microsoft Word für Microsoft 365',
      date: date('2024-03-28T10:00:00Z'),
      pages: [
        page(
          NOTICE,
          SENINN.join(' | '),
          'Videoüberwachung an kriminalitätsbelasteten Orten – Gutachterliche Stellungnahme',
          'Stand: März 2024',
          '1. Fragestellung',
          'Zu prüfen war, ob eine anlassbezogene Videoüberwachung an den kriminalitätsbelasteten Orten Alexanderplatz, Kottbusser Tor und Görlitzer Park rechtlich zulässig und kriminologisch sinnvoll ist.',
        ),
        page(
          '2. Rechtslage',
          'Das Allgemeine Sicherheits- und Ordnungsgesetz erlaubt die Bildaufzeichnung an Orten, an denen wiederholt Straftaten von erheblicher Bedeutung begangen werden. Erforderlich sind eine dokumentierte Lageeinschätzung, eine Befristung und eine Evaluation.',
        ),
        page(
          '3. Kriminologische Bewertung',
          'Studien zeigen eine begrenzte Wirkung auf Straßenkriminalität und deutliche Verdrängungseffekte in benachbarte Straßen. Bessere Beleuchtung und mehr Präsenz von Personal wirken nach der Literatur oft vergleichbar.',
        ),
        page(
          '4. Ergebnis',
          'Eine befristete Videoüberwachung am Alexanderplatz ist rechtlich vertretbar. Für das Kottbusser Tor und den Görlitzer Park wird sie derzeit nicht empfohlen. Wir empfehlen eine unabhängige Evaluation nach zwei Jahren.',
        ),
      ],
      outline: [
        { title: '1. Fragestellung', page: 1 },
        { title: '2. Rechtslage', page: 2 },
        { title: '3. Kriminologische Bewertung', page: 3 },
        { title: '4. Ergebnis', page: 4 },
      ],
    },
  },

  // --- request 31: Bezirksamt, food control report (a venue's request with a document, froide-food) ---
  {
    path: `${R31}/files/3102/Kontrollbericht Café Morgenrot.pdf`,
    spec: {
      title: 'Kontrollbericht Café Morgenrot',
      author: 'Bezirksamt Friedrichshain-Kreuzberg, Lebensmittelaufsicht',
      creator: 'LibreOffice Writer',
      producer: 'LibreOffice 7.5',
      date: date('2024-04-30T10:00:00Z'),
      pages: [
        letterPage({
          from: ['Bezirksamt Friedrichshain-Kreuzberg von Berlin', 'Ordnungsamt, Lebensmittelaufsicht', 'Frankfurter Allee 35/37, 10247 Berlin'],
          to: REQUESTER,
          placeDate: 'Berlin, 30. April 2024',
          reference: 'OA LM 2024/0412',
          subject: 'Ihr Antrag nach dem VIG: Café Morgenrot, Wühlischstraße 30',
          body: [
            'Die beiden letzten Betriebsüberprüfungen fanden am 14. März 2023 und am 9. Januar 2024 statt.',
            'Bei der Überprüfung im Januar 2024 wurden Mängel bei der Kühlung und der Reinigung festgestellt; sie wurden bei der Nachkontrolle am 23. Januar 2024 als behoben festgestellt.',
          ],
        }),
      ],
    },
  },

  // --- imported parliamentary documents ---
  {
    path: 'documents/0001-bt-20-10871-nitrat-grundwasser/drucksache-20-10871.pdf',
    spec: {
      title: 'Antwort der Bundesregierung: Nitratbelastung des Grundwassers und Umsetzung der Düngeverordnung',
      author: 'Deutscher Bundestag',
      subject: 'Drucksache 20/10871 – Kleine Anfrage',
      keywords: 'Nitrat, Grundwasser, Düngeverordnung',
      creator: 'Deutscher Bundestag – Drucksachen',
      producer: 'Bundesanzeiger Verlag',
      date: date('2024-03-21T06:00:00Z'),
      pages: [
        page(
          NOTICE,
          'Deutscher Bundestag – 20. Wahlperiode – Drucksache 20/10871 – 21.03.2024',
          'Antwort der Bundesregierung auf die Kleine Anfrage der Abgeordneten N. N. und der Fraktion N. N. – Drucksache 20/10612 –',
          'Nitratbelastung des Grundwassers und Umsetzung der Düngeverordnung',
          'Vorbemerkung der Fragesteller',
          'Nach dem Nitratbericht 2020 überschreiten rund 27 Prozent der Messstellen des EU-Nitratmessnetzes den Schwellenwert von 50 mg/l. Die Europäische Kommission hat das Vertragsverletzungsverfahren gegen Deutschland im Jahr 2023 eingestellt, nachdem die Düngeverordnung geändert wurde.',
        ),
        page(
          'Vorbemerkung der Bundesregierung',
          'Die Bundesregierung misst dem Schutz des Grundwassers hohe Bedeutung bei. Die Überwachung der Grundwasserqualität ist Aufgabe der Länder; die Bundesregierung berichtet der Europäischen Kommission alle vier Jahre über den Stand.',
          'Frage 1: Wie viele Messstellen des EU-Nitratmessnetzes überschritten im Jahr 2022 den Schwellenwert von 50 mg/l?',
          'Antwort: Nach den von den Ländern übermittelten Daten überschritten 25,6 Prozent der Messstellen den Schwellenwert.',
        ),
        page(
          'Frage 2: Wie hat sich die Zahl der Messstellen mit Überschreitungen seit 2016 entwickelt?',
          'Antwort: Der Anteil ist von 28,2 Prozent im Berichtszeitraum 2012 bis 2014 auf 25,6 Prozent im Jahr 2022 gesunken.',
          'Frage 3: Welche Länder haben die nitratbelasteten Gebiete nach der Allgemeinen Verwaltungsvorschrift zur Ausweisung belasteter Gebiete neu abgegrenzt?',
          'Antwort: Alle Länder haben die Gebiete bis Ende 2022 neu ausgewiesen. Die Bundesregierung verweist auf die Übersicht in der Anlage.',
        ),
        page(
          'Frage 4: Plant die Bundesregierung ein Monitoring der Wirkung der Düngeverordnung?',
          'Antwort: Ja. Das Wirkungsmonitoring wird derzeit in einer Verordnung geregelt. Es soll die Nährstoffbilanzen der Betriebe mit den Messergebnissen des Grundwassers verknüpfen.',
          'Frage 5: Welche Kosten entstehen den Wasserversorgern durch die Aufbereitung nitratbelasteten Grundwassers?',
          'Antwort: Der Bundesregierung liegen hierzu keine eigenen Erhebungen vor.',
        ),
      ],
      outline: [
        { title: 'Vorbemerkung der Fragesteller', page: 1 },
        { title: 'Vorbemerkung der Bundesregierung', page: 2 },
        { title: 'Fragen 1 bis 5', page: 2, children: [{ title: 'Frage 1', page: 2 }, { title: 'Frage 2', page: 3 }, { title: 'Frage 3', page: 3 }, { title: 'Frage 4', page: 4 }, { title: 'Frage 5', page: 4 }] },
      ],
    },
  },
  {
    path: 'documents/0002-bt-20-11452-verwaltungsdigitalisierung/drucksache-20-11452.pdf',
    spec: {
      title: 'Antwort der Bundesregierung: Stand der Digitalisierung der öffentlichen Verwaltung',
      author: 'Deutscher Bundestag',
      subject: 'Drucksache 20/11452 – Große Anfrage',
      creator: 'Deutscher Bundestag – Drucksachen',
      producer: 'Bundesanzeiger Verlag',
      date: date('2024-05-15T06:00:00Z'),
      pages: [
        page(
          NOTICE,
          'Deutscher Bundestag – 20. Wahlperiode – Drucksache 20/11452 – 15.05.2024',
          'Antwort der Bundesregierung auf die Große Anfrage der Abgeordneten N. N. und der Fraktion N. N. – Drucksache 20/9120 –',
          'Stand der Digitalisierung der öffentlichen Verwaltung',
        ),
        page(
          'Inhaltsverzeichnis',
          'Vorbemerkung der Fragesteller ..... 3',
          'Vorbemerkung der Bundesregierung ..... 3',
          'I. Onlinezugangsgesetz ..... 4',
          'II. Registermodernisierung ..... 6',
          'III. Elektronische Akte ..... 8',
          'IV. Informationsfreiheit und offene Daten ..... 9',
        ),
        page(
          'Vorbemerkung der Fragesteller',
          'Das Onlinezugangsgesetz verpflichtete Bund und Länder, ihre Verwaltungsleistungen bis Ende 2022 auch digital anzubieten. Dieses Ziel wurde verfehlt.',
          'Vorbemerkung der Bundesregierung',
          'Die Bundesregierung hat mit dem OZG-Änderungsgesetz die Grundlage für eine Ende-zu-Ende-Digitalisierung geschaffen. Sie setzt dabei auf gemeinsame Standards und wiederverwendbare Komponenten.',
        ),
        page(
          'I. Onlinezugangsgesetz',
          'Frage 1: Wie viele der 575 OZG-Leistungen waren zum 31. Dezember 2023 flächendeckend online verfügbar?',
          'Antwort: Flächendeckend verfügbar waren 153 Leistungen. Weitere Leistungen waren in einzelnen Ländern oder Kommunen verfügbar.',
          'Frage 2: Welche Mittel hat der Bund für die Umsetzung bereitgestellt?',
          'Antwort: Im Rahmen des Konjunkturprogramms wurden rund 3 Milliarden Euro bereitgestellt, von denen bis Ende 2023 etwa 1,9 Milliarden Euro abgeflossen sind.',
        ),
        page(
          'Frage 3: Welche Leistungen werden nach dem Einer-für-Alle-Prinzip nachgenutzt?',
          'Antwort: Zum Stichtag wurden 98 Leistungen nach dem Einer-für-Alle-Prinzip von mindestens einem weiteren Land nachgenutzt.',
          'Frage 4: Wie hoch ist die Nutzung der BundID?',
          'Antwort: Zum 31. März 2024 waren rund 3,8 Millionen Nutzerkonten registriert.',
        ),
        page(
          'II. Registermodernisierung',
          'Frage 5: Wie ist der Stand der Einführung der Identifikationsnummer in den Registern?',
          'Antwort: Die Identifikationsnummer ist in 18 der 51 vom Registermodernisierungsgesetz erfassten Register eingeführt.',
        ),
        page(
          'Frage 6: Wann soll das National-Once-Only-Technical-System in Betrieb gehen?',
          'Antwort: Der Wirkbetrieb für erste Nachweisabrufe ist für 2025 geplant.',
        ),
        page(
          'III. Elektronische Akte',
          'Frage 7: Wie viele Bundesbehörden führen ihre Akten vollständig elektronisch?',
          'Antwort: Die E-Akte Bund ist in 140 Behörden eingeführt; in 96 davon wird ausschließlich elektronisch geführt.',
        ),
        page(
          'IV. Informationsfreiheit und offene Daten',
          'Frage 8: Wie viele Anträge nach dem Informationsfreiheitsgesetz gingen 2023 bei den Bundesbehörden ein?',
          'Antwort: Nach der Statistik des Bundesministeriums des Innern und für Heimat gingen 2023 rund 18.000 Anträge ein.',
          'Frage 9: Plant die Bundesregierung ein Transparenzgesetz?',
          'Antwort: Die Meinungsbildung innerhalb der Bundesregierung ist nicht abgeschlossen.',
        ),
        page(
          'Frage 10: Wie viele Datensätze stellt der Bund auf GovData bereit?',
          'Antwort: Der Bund stellt rund 9.200 Datensätze auf GovData bereit.',
          'Ende der Antwort.',
        ),
      ],
      outline: [
        { title: 'Inhaltsverzeichnis', page: 2 },
        { title: 'Vorbemerkungen', page: 3 },
        { title: 'I. Onlinezugangsgesetz', page: 4, children: [{ title: 'Fragen 1 und 2', page: 4 }, { title: 'Fragen 3 und 4', page: 5 }] },
        { title: 'II. Registermodernisierung', page: 6, children: [{ title: 'Frage 5', page: 6 }, { title: 'Frage 6', page: 7 }] },
        { title: 'III. Elektronische Akte', page: 8 },
        { title: 'IV. Informationsfreiheit und offene Daten', page: 9, children: [{ title: 'Fragen 8 und 9', page: 9 }, { title: 'Frage 10', page: 10 }] },
      ],
    },
  },
  {
    // No outline: short written questions usually have none.
    path: 'documents/0003-agh-19-18544-kita-plaetze/schriftliche-anfrage-19-18544.pdf',
    spec: {
      title: 'Schriftliche Anfrage: Kita-Plätze und Wartelisten in Friedrichshain-Kreuzberg',
      author: 'Abgeordnetenhaus Berlin',
      subject: 'Drucksache 19/18544',
      creator: 'Abgeordnetenhaus Berlin – PARDOK',
      producer: 'PDFKit',
      date: date('2024-04-10T06:00:00Z'),
      pages: [
        page(
          NOTICE,
          'Abgeordnetenhaus Berlin – Drucksache 19/18544 – Schriftliche Anfrage – 19. Wahlperiode',
          'Schriftliche Anfrage der Abgeordneten N. N. vom 14. März 2024 zum Thema: Kita-Plätze und Wartelisten in Friedrichshain-Kreuzberg',
          'und Antwort vom 5. April 2024',
          'Frage 1: Wie viele Kinder warteten zum 31. Dezember 2023 im Bezirk Friedrichshain-Kreuzberg auf einen Kita-Platz?',
          'Antwort zu 1: Eine zentrale Warteliste wird nicht geführt. Nach Angaben des Bezirksamtes haben sich 1.236 Familien im Jahr 2023 mit der Bitte um Unterstützung bei der Platzsuche an das Jugendamt gewandt.',
        ),
        page(
          'Frage 2: Nach welchen Kriterien vergeben die Träger freie Plätze?',
          'Antwort zu 2: Die Träger entscheiden im Rahmen ihrer Aufnahmekriterien eigenständig. Häufige Kriterien sind Geschwisterkinder, Wohnortnähe und das Anmeldedatum.',
          'Frage 3: Wie viele neue Plätze sollen bis 2026 entstehen?',
          'Antwort zu 3: Im Bezirk sind bis 2026 rund 640 zusätzliche Plätze geplant.',
          'Berlin, den 5. April 2024',
          'In Vertretung',
          'Senatsverwaltung für Bildung, Jugend und Familie',
        ),
      ],
    },
  },
  {
    path: 'documents/0004-wd-3-3000-041-24-terminkalender/wd-3-3000-041-24.pdf',
    spec: {
      title: 'Informationszugang zu Terminkalendern von Mitgliedern der Bundesregierung',
      author: 'Wissenschaftliche Dienste des Deutschen Bundestages',
      subject: 'Ausarbeitung WD 3 - 3000 - 041/24',
      keywords: 'IFG, Terminkalender, Regierung',
      creator: 'Microsoft Word für Microsoft 365',
      producer: 'Microsoft Word für Microsoft 365',
      date: date('2024-06-03T08:00:00Z'),
      pages: [
        page(
          NOTICE,
          'Wissenschaftliche Dienste – Deutscher Bundestag',
          'Ausarbeitung WD 3 - 3000 - 041/24',
          'Informationszugang zu Terminkalendern von Mitgliedern der Bundesregierung',
          'Abschluss der Arbeit: 3. Juni 2024',
          'Fachbereich: WD 3: Verfassung und Verwaltung',
          'Die Wissenschaftlichen Dienste des Deutschen Bundestages unterstützen die Mitglieder des Deutschen Bundestages bei ihrer mandatsbezogenen Tätigkeit. Ihre Arbeiten geben nicht die Auffassung des Deutschen Bundestages wieder.',
        ),
        page(
          'Inhaltsverzeichnis',
          '1. Fragestellung ..... 3',
          '2. Terminkalender als amtliche Information ..... 3',
          '3. Ausschlussgründe ..... 4',
          '3.1 Schutz personenbezogener Daten ..... 4',
          '3.2 Schutz des Kernbereichs exekutiver Eigenverantwortung ..... 5',
          '4. Rechtsprechung ..... 6',
          '5. Ergebnis ..... 8',
        ),
        page(
          '1. Fragestellung',
          'Gefragt ist, ob und in welchem Umfang Terminkalender von Mitgliedern der Bundesregierung nach dem Informationsfreiheitsgesetz zugänglich sind.',
          '2. Terminkalender als amtliche Information',
          'Amtliche Informationen sind nach § 2 Nr. 1 IFG alle amtlichen Zwecken dienenden Aufzeichnungen. Elektronische Terminkalender, die im Dienst geführt werden, dienen der Organisation der Amtsgeschäfte und sind daher amtliche Informationen. Private Termine sind keine amtlichen Informationen.',
        ),
        page(
          '3. Ausschlussgründe',
          '3.1 Schutz personenbezogener Daten',
          'Namen von Gesprächspartnern sind personenbezogene Daten. Nach § 5 Abs. 1 IFG ist abzuwägen. Bei Amtsträgern und bei registrierten Interessenvertretern überwiegt regelmäßig das Informationsinteresse.',
        ),
        page(
          '3.2 Schutz des Kernbereichs exekutiver Eigenverantwortung',
          'Der Kernbereich exekutiver Eigenverantwortung schützt die Willensbildung der Regierung. Er ist bei bloßen Angaben zu Ort, Zeit und Teilnehmern eines Termins in der Regel nicht berührt.',
        ),
        page(
          '4. Rechtsprechung',
          'Die Verwaltungsgerichte haben den Zugang zu Terminkalendern überwiegend bejaht. Sie haben dabei betont, dass der Aufwand einer Prüfung einzelner Einträge den Anspruch nicht ausschließt.',
        ),
        page(
          'Die Gerichte haben zugleich anerkannt, dass Angaben zu Sicherheitsvorkehrungen und zu Terminen mit Bezug zu den Nachrichtendiensten geschwärzt werden dürfen.',
        ),
        page(
          '5. Ergebnis',
          'Dienstliche Terminkalender von Mitgliedern der Bundesregierung sind amtliche Informationen. Der Zugang kann im Einzelfall zum Schutz personenbezogener Daten und besonderer öffentlicher Belange beschränkt werden. Eine vollständige Verweigerung ist regelmäßig nicht gerechtfertigt.',
        ),
      ],
      outline: [
        { title: 'Inhaltsverzeichnis', page: 2 },
        { title: '1. Fragestellung', page: 3 },
        { title: '2. Terminkalender als amtliche Information', page: 3 },
        {
          title: '3. Ausschlussgründe',
          page: 4,
          children: [
            { title: '3.1 Schutz personenbezogener Daten', page: 4 },
            { title: '3.2 Schutz des Kernbereichs exekutiver Eigenverantwortung', page: 5 },
          ],
        },
        { title: '4. Rechtsprechung', page: 6 },
        { title: '5. Ergebnis', page: 8 },
      ],
    },
  },
  {
    path: 'documents/0005-hh-22-14873-grundwasser/drucksache-22-14873.pdf',
    spec: {
      title: 'Schriftliche Kleine Anfrage: Grundwasserqualität und Nitratbelastung in Hamburg',
      author: 'Hamburgische Bürgerschaft',
      subject: 'Drucksache 22/14873',
      creator: 'Bürgerschaft der Freien und Hansestadt Hamburg',
      producer: 'PDFKit',
      date: date('2024-04-16T06:00:00Z'),
      pages: [
        page(
          NOTICE,
          'Bürgerschaft der Freien und Hansestadt Hamburg – Drucksache 22/14873 – 22. Wahlperiode – 16.04.2024',
          'Schriftliche Kleine Anfrage der Abgeordneten N. N. vom 8. April 2024 und Antwort des Senats',
          'Betr.: Grundwasserqualität und Nitratbelastung in Hamburg',
          'Vorbemerkung: Das Grundwasser ist die wichtigste Quelle der Hamburger Trinkwasserversorgung.',
          'Frage 1: An wie vielen Messstellen des Hamburger Grundwassergütemessnetzes wurde 2023 der Schwellenwert für Nitrat überschritten?',
          'Antwort zu 1: An 3 von 74 Messstellen.',
        ),
        page(
          'Frage 2: Wo liegen diese Messstellen?',
          'Antwort zu 2: Alle drei liegen in den Vier- und Marschlanden in gartenbaulich genutzten Gebieten.',
          'Frage 3: Welche Maßnahmen ergreift der Senat?',
          'Antwort zu 3: Die zuständige Behörde berät die Betriebe und prüft die Ausweisung weiterer belasteter Gebiete.',
        ),
      ],
      outline: [
        { title: 'Frage 1', page: 1 },
        { title: 'Fragen 2 und 3', page: 2 },
      ],
    },
  },
];

// --- image: a scanned notice of the Jugendamt (shapes only, no fonts) -----------------------

export const SAMPLE_IMAGE_PATH = `${R7}/files/702/Aushang_Jugendamt.png`;

/** A deterministic pseudo-random sequence (mulberry32), so the "text lines" look irregular. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function sampleImageSvg(): string {
  const width = 620;
  const height = 877;
  const next = random(702);
  const lines: string[] = [];
  let y = 250;
  for (let paragraph = 0; paragraph < 5; paragraph++) {
    const count = 3 + Math.floor(next() * 4);
    for (let line = 0; line < count; line++) {
      const length = line === count - 1 ? 120 + next() * 250 : 440 + next() * 40;
      lines.push(`<rect x="70" y="${y}" width="${length.toFixed(1)}" height="7" rx="2" fill="#4a4a4a"/>`);
      y += 17;
    }
    y += 20;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#d9d6cf"/>
  <g transform="rotate(-0.8 310 438)">
    <rect x="30" y="25" width="560" height="827" fill="#fbfaf6" stroke="#c8c4ba"/>
    <rect x="70" y="60" width="46" height="56" fill="#c0392b"/>
    <rect x="130" y="66" width="260" height="12" fill="#222"/>
    <rect x="130" y="90" width="190" height="8" fill="#555"/>
    <rect x="70" y="150" width="480" height="3" fill="#222"/>
    <rect x="70" y="180" width="330" height="18" fill="#111"/>
    <rect x="70" y="210" width="250" height="10" fill="#444"/>
    ${lines.join('\n    ')}
    <circle cx="470" cy="760" r="48" fill="none" stroke="#2e4a9e" stroke-width="5" opacity="0.7"/>
    <rect x="440" y="752" width="60" height="14" fill="#2e4a9e" opacity="0.7"/>
    <rect x="70" y="790" width="180" height="6" fill="#4a4a4a"/>
    <path d="M80 770 C 110 740, 140 790, 170 760 S 220 750, 240 770" stroke="#1b2a6b" stroke-width="3" fill="none"/>
  </g>
</svg>`;
}

async function makeImage(): Promise<Uint8Array> {
  const png = await sharp(Buffer.from(sampleImageSvg())).png({ compressionLevel: 9, palette: true, colours: 32, dither: 0 }).toBuffer();
  return new Uint8Array(png);
}

// --- spreadsheet: a minimal .xlsx (zip of SpreadsheetML) ------------------------------------

export const SAMPLE_SPREADSHEET_PATH = `${R4}/files/403/Nitrat_Messstellen_2023.xlsx`;

export const SPREADSHEET_ROWS: (string | number)[][] = [
  ['Land', 'Messstelle', 'Nitrat Mittelwert 2023 (mg/l)', 'Nitrat Höchstwert 2023 (mg/l)', 'Schwellenwert überschritten'],
  ['Niedersachsen', 'NI-40001', 62.4, 78.1, 'ja'],
  ['Niedersachsen', 'NI-40017', 31.8, 36.2, 'nein'],
  ['Nordrhein-Westfalen', 'NW-10233', 54.0, 61.7, 'ja'],
  ['Nordrhein-Westfalen', 'NW-10498', 18.3, 22.9, 'nein'],
  ['Bayern', 'BY-11872', 47.5, 53.0, 'nein'],
  ['Bayern', 'BY-12004', 71.2, 84.6, 'ja'],
  ['Schleswig-Holstein', 'SH-2210', 9.4, 12.1, 'nein'],
  ['Brandenburg', 'BB-3307', 26.7, 29.8, 'nein'],
  ['Rheinland-Pfalz', 'RP-5531', 58.9, 66.3, 'ja'],
  ['Sachsen-Anhalt', 'ST-7012', 44.1, 49.6, 'nein'],
];

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

function sheetXml(rows: (string | number)[][]): string {
  const column = (index: number) => String.fromCharCode(65 + index);
  const body = rows
    .map((row, r) => {
      const cells = row.map((value, c) => {
        const ref = `${column(c)}${r + 1}`;
        return typeof value === 'number' ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${xml(value)}</t></is></c>`;
      });
      return `<row r="${r + 1}">${cells.join('')}</row>`;
    })
    .join('');
  return `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetData>${body}</sheetData></worksheet>`;
}

function makeSpreadsheet(rows: (string | number)[][]): Uint8Array {
  const parts: [string, string][] = [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ],
    ['_rels/.rels', `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    ['xl/workbook.xml', `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Nitrat 2023" sheetId="1" r:id="rId1"/></sheets></workbook>`],
    ['xl/_rels/workbook.xml.rels', `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`],
    ['xl/worksheets/sheet1.xml', sheetXml(rows)],
  ];
  // Zip with deflate, UTF-8 names and a fixed DOS date (1980-01-01 00:00).
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of parts) {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data, { level: 9 });
    const nameBytes = Buffer.from(name, 'utf8');
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4); // version needed
    head.writeUInt16LE(0x0800, 6); // UTF-8 names
    head.writeUInt16LE(8, 8); // deflate
    head.writeUInt16LE(0, 10); // time
    head.writeUInt16LE(0x21, 12); // date 1980-01-01
    head.writeUInt32LE(crc32(data), 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // made by
    head.copy(entry, 6, 4, 30); // version needed .. name length
    entry.writeUInt32LE(offset, 42);
    local.push(head, nameBytes, packed);
    central.push(entry, nameBytes);
    offset += head.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...local, directory, end]));
}

// --- entry points ---------------------------------------------------------------------------

/** Every file this script makes, relative to the content directory, sorted. */
export function sampleFilePaths(): string[] {
  return [...SAMPLE_PDFS.map((pdf) => pdf.path), SAMPLE_IMAGE_PATH, SAMPLE_SPREADSHEET_PATH].sort();
}

function checkPdfSpec({ path, spec }: SamplePdf): void {
  const texts = [spec.title, spec.author, spec.subject, spec.keywords, ...spec.pages.map((p) => p.text)];
  const walk = (items: PdfOutlineSpec[]): void => items.forEach((item) => (texts.push(item.title), walk(item.children ?? [])));
  walk(spec.outline ?? []);
  for (const text of texts) if (text !== undefined) assertWinAnsi(text, path);
}

/** Writes every sample file below `targetDir` (the content directory); returns their relative paths. */
export async function makeSampleFiles(targetDir: string): Promise<string[]> {
  const write = async (path: string, bytes: Uint8Array) => {
    const file = join(targetDir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes);
  };
  for (const pdf of SAMPLE_PDFS) {
    checkPdfSpec(pdf);
    await write(pdf.path, await writePdf(pdf.spec));
  }
  await write(SAMPLE_IMAGE_PATH, await makeImage());
  await write(SAMPLE_SPREADSHEET_PATH, makeSpreadsheet(SPREADSHEET_ROWS));
  return sampleFilePaths();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const contentDir = resolve(fileURLToPath(import.meta.url), '../../content');
  const paths = await makeSampleFiles(contentDir);
  console.log(`wrote ${paths.length} sample files into ${contentDir}`);
}

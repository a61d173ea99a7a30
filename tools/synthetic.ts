/**
 * A synthetic archive of any size for benchmarks, in one of two shapes:
 *
 * - `mixed` (the default): requests with realistic numbers of messages (4–16, ~10 on average)
 *   and attachments (about one per three messages, a fifth of them PDFs with a derived
 *   document), plus imported documents;
 * - `plain`: exactly 10 messages per request, no attachments, no imported documents (messages
 *   and requests alone: how the number of files grows with the messages).
 *
 * Every message has a short text, or one of about `textBytes` bytes (words drawn from a small
 * vocabulary, in lines of a YAML block scalar), which real letters come near: what the memory of
 * a build must not grow with. With `pageTextBytes` every PDF is its own (1-3 pages of about that
 * many bytes of text each), as an archive of real answers is, instead of three shared ones: the
 * PDF stage then derives, and the build publishes, a text per page. Deterministic for a given
 * size, shape, text sizes and seed. YAML is written from templates, not through a YAML library,
 * so generating 100,000 messages takes seconds.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writePdf } from './pdf-writer.ts';

export type SyntheticShape = 'mixed' | 'plain';

export interface SyntheticOptions {
  requests: number;
  shape?: SyntheticShape;
  seed?: number;
  /** About this many bytes of text per message instead of one short sentence. */
  textBytes?: number;
  /** A PDF of its own per attachment and document, each page with about this many bytes of text. */
  pageTextBytes?: number;
  /**
   * Titles share common words as real ones do: request r's title begins with
   * `COMMON_TITLE_WORDS[r mod 10]`, so each word is in the title of exactly a tenth of the requests.
   */
  commonWords?: boolean;
}

export interface SyntheticCounts {
  requests: number;
  messages: number;
  attachments: number;
  documents: number;
  publicBodies: number;
}

/** mulberry32: small, fast, good enough to vary a benchmark deterministically. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATUSES: [string, string][] = [
  ['awaiting_response', "''"],
  ['awaiting_classification', "''"],
  ['asleep', "''"],
  ['resolved', 'successful'],
  ['resolved', 'partially_successful'],
  ['resolved', 'refused'],
  ['resolved', 'not_held'],
];

const TOPICS = ['Gutachten', 'Verträge', 'Terminkalender', 'Dienstreisen', 'Sitzungsprotokolle', 'Prüfberichte', 'Messwerte', 'Förderbescheide'];

/** The words `commonWords` puts into titles; none of them is anywhere else in the archive's text. */
export const COMMON_TITLE_WORDS = ['Vergabe', 'Haushalt', 'Kita', 'Polizei', 'Klimaschutz', 'Wohnungsbau', 'Schule', 'Abwasser', 'Baugenehmigung', 'Datenschutz'];

const WORDS = ['Sehr', 'geehrte', 'Damen', 'und', 'Herren', 'bitte', 'senden', 'Sie', 'mir', 'die', 'Unterlagen', 'zum', 'Vorgang', 'Bescheid', 'Gebühren', 'Frist', 'Auskunft', 'gemäß', 'Informationsfreiheitsgesetz', 'Akteneinsicht', 'Schreiben', 'vom', 'Antrag', 'Ablehnung', 'Widerspruch', 'Behörde', 'Prüfung', 'Erlass', 'Verwaltung', 'Sitzung', 'Protokoll', 'Vermerk', 'Ministerium', 'öffentlich', 'Daten', 'Vertrag', 'Gutachten', 'Jahr', 'Monat', 'Woche'];

/** About `bytes` bytes of words, in sentences of ten. */
function words(bytes: number, rand: () => number): string[] {
  const lines: string[] = [];
  for (let size = 0; size < bytes; ) {
    const line = `${Array.from({ length: 10 }, () => WORDS[Math.floor(rand() * WORDS.length)]!).join(' ')}.`;
    lines.push(line);
    size += line.length + 3;
  }
  return lines;
}

/** A PDF of its own, for `pageTextBytes`: 1-3 pages of words. */
function ownPdf(title: string, bytes: number, rand: () => number): Promise<Uint8Array> {
  const pages = 1 + Math.floor(rand() * 3);
  return writePdf({ title, pages: Array.from({ length: pages }, (_, p) => ({ text: `${title}, Seite ${p + 1}. ${words(bytes, rand).join(' ')}` })) });
}

/** About `bytes` bytes of words in lines of a YAML block scalar (`content: |`), for message `id`. */
function longText(bytes: number, id: number, rand: () => number): string {
  const first = `Nachricht ${id}.`;
  const lines = [first, ...words(bytes - first.length, rand)];
  return `|\n${lines.map((line) => `  ${line}`).join('\n')}`;
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

async function put(path: string, body: string | Uint8Array, dirs: Set<string>): Promise<void> {
  const dir = path.slice(0, path.lastIndexOf('/'));
  if (!dirs.has(dir)) {
    await mkdir(dir, { recursive: true });
    dirs.add(dir);
  }
  await writeFile(path, body);
}

export async function writeSyntheticArchive(root: string, options: SyntheticOptions): Promise<SyntheticCounts> {
  const rand = random(options.seed ?? 1);
  // Texts draw from their own generator: the rest of the archive is the same with or without them.
  const textRand = random((options.seed ?? 1) + 1);

  const plain = options.shape === 'plain';
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const dirs = new Set<string>();
  const bodies = Math.max(20, Math.ceil(options.requests / 50));
  const counts: SyntheticCounts = { requests: options.requests, messages: 0, attachments: 0, documents: 0, publicBodies: bodies };

  await put(join(root, 'site.yaml'), 'title: Synthetisches Archiv\nbase_url: https://bench.example.org\nmedia_url: /media/\nupdated_at: 2024-01-01T00:00:00Z\n', dirs);
  await put(join(root, 'jurisdictions.yaml'), ['Bund', 'Berlin', 'Hamburg'].map((name, i) => `- id: ${i + 1}\n  name: ${name}\n  slug: ${name.toLowerCase()}\n  rank: ${i + 1}\n`).join(''), dirs);
  await put(join(root, 'laws.yaml'), [1, 2, 3].map((j) => `- id: ${j}\n  name: Informationsfreiheitsgesetz ${j}\n  slug: ifg-${j}\n  jurisdiction: ${j}\n  request_note: Bitte **schriftlich** antworten.\n`).join(''), dirs);
  await put(join(root, 'classifications.yaml'), '- id: 1\n  name: Ministerium\n  slug: ministerium\n- id: 2\n  name: Behörde\n  slug: behoerde\n  parent: 1\n', dirs);
  await put(join(root, 'categories.yaml'), TOPICS.map((topic, i) => `- id: ${i + 1}\n  name: ${topic}\n  slug: thema-${i + 1}\n`).join(''), dirs);
  await put(join(root, 'campaigns.yaml'), '- id: 1\n  name: Transparenz\n  slug: transparenz\n', dirs);
  for (let b = 1; b <= bodies; b++) {
    const jurisdiction = ((b - 1) % 3) + 1;
    await put(
      join(root, `publicbodies/${b}.yaml`),
      `id: ${b}\nname: Behörde ${b}\nslug: behoerde-${b}\njurisdiction: ${jurisdiction}\nclassification: ${b % 2 + 1}\ncategories: [${(b % TOPICS.length) + 1}]\nlaws: [${jurisdiction}]\nemail: poststelle@behoerde-${b}.example\nrequest_note: Anfragen bitte per E-Mail.\n`,
      dirs,
    );
  }

  // A few distinct PDFs, reused: the content-addressed PDF cache makes repeats free.
  const pdfs = await Promise.all(
    [1, 2, 3].map((n) => writePdf({ title: `Bescheid ${n}`, pages: Array.from({ length: n }, (_, p) => ({ text: `Bescheid ${n}, Seite ${p + 1}.` })) })),
  );
  // PDFs of their own draw from a third, so the other two draw the same with and without them.
  const pdfRand = random((options.seed ?? 1) + 2);
  const pdfFor = (title: string) => {
    // Drawn either way, so the archive has the same shape with PDFs of their own.
    const shared = pick(pdfs);
    return options.pageTextBytes ? ownPdf(title, options.pageTextBytes, pdfRand) : shared;
  };
  // Tables differ per attachment, as real ones do, so the media store holds one object each
  // (the build benchmark counts them); PDFs repeat, as a reused template letter would.
  const csv = (id: number) => `Jahr;Anzahl;Vorgang\n2022;17;${id}\n2023;21;${id}\n`;

  let messageId = 1;
  let attachmentId = 1;
  let documentId = 1;
  const start = Date.UTC(2019, 0, 1);
  for (let r = 1; r <= options.requests; r++) {
    const dir = join(root, `requests/${r}`);
    const body = 1 + Math.floor(rand() * bodies);
    const [status, resolution] = pick(STATUSES);
    const created = start + Math.floor(rand() * 5 * 365) * 86_400_000;
    const topic = pick(TOPICS);
    const title = options.commonWords ? `${COMMON_TITLE_WORDS[r % COMMON_TITLE_WORDS.length]!} ${topic} ${r}` : `${topic} ${r}`;
    await put(
      join(dir, 'request.yaml'),
      `id: ${r}\nslug: anfrage-${r}\ntitle: ${title}\ndescription: Bitte senden Sie mir die ${topic} zum Vorgang ${r}.\npublic_body: ${body}\nlaw: ${((body - 1) % 3) + 1}\nstatus: ${status}\nresolution: ${resolution}\ncreated_at: ${iso(created)}\ntags: [${topic}]\n`,
      dirs,
    );
    const messages = plain ? 10 : 4 + Math.floor(rand() * 13);
    for (let m = 0; m < messages; m++) {
      const id = messageId++;
      const response = m % 2 === 1;
      const attachments: string[] = [];
      if (!plain && response && rand() < 0.66) {
        const isPdf = rand() < 0.2;
        const name = isPdf ? `bescheid-${id}.pdf` : `tabelle-${id}.csv`;
        await put(join(dir, `files/${id}/${name}`), isPdf ? await pdfFor(`Bescheid ${id}`) : csv(id), dirs);
        attachments.push(`  - id: ${attachmentId++}\n    name: ${name}\n${isPdf ? `    document:\n      id: ${documentId++}\n` : ''}`);
        counts.attachments++;
        if (isPdf) counts.documents++;
      }
      await put(
        join(dir, `messages/${id}.yaml`),
        `id: ${id}\nkind: ${m % 4 === 3 ? 'post' : 'email'}\nis_response: ${response}\n${response ? `sender_public_body: ${body}` : `recipient_public_body: ${body}`}\ntimestamp: ${iso(created + (m + 1) * 3 * 86_400_000)}\nsubject: Nachricht ${m + 1}\ncontent: ${options.textBytes ? longText(options.textBytes, id, textRand) : `Sehr geehrte Damen und Herren, dies ist Nachricht ${m + 1} zum Vorgang ${r}.`}\n${attachments.length ? `attachments:\n${attachments.join('')}` : ''}`,
        dirs,
      );
      counts.messages++;
    }
  }

  const imported = plain ? 0 : Math.max(3, Math.ceil(options.requests / 100));
  for (let d = 0; d < imported; d++) {
    const id = documentId++;
    await put(join(root, `documents/${id}/drucksache.pdf`), await pdfFor(`Drucksache ${id}`), dirs);
    await put(
      join(root, `documents/${id}/document.yaml`),
      `id: ${id}\nfile: drucksache.pdf\ntitle: Drucksache ${id}\npublished_at: ${iso(start + d * 86_400_000)}\ndata:\n  category: null\n  publisher: bt\n  document_type: written\n  legislative_term: '20'\n`,
      dirs,
    );
    counts.documents++;
  }
  return counts;
}

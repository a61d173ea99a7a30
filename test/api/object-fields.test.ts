import { describe, expect, it } from 'vitest';
import { arrayOf, boolean, dateTime, integer, objectSchema, selfLink, string } from '../../src/api/field-types.ts';
import { renderContext, renderDateTime } from '../../src/api/resources/context.ts';
import { defineObject, extendObject } from '../../src/api/resources/object-fields.ts';
import { foiMessage } from '../../src/api/resources/message/serializer.ts';
import { campaignObject } from '../../src/api/resources/campaign/serializer.ts';
import { foiRequestDetail, foiRequestList } from '../../src/api/resources/request/serializer.ts';
import { timestampOfSeconds } from '../../src/model/time.ts';

const ctx = renderContext(
  { urls: { baseUrl: 'https://archiv.test', mediaUrl: 'https://archiv.test/media/', siteUrl: 'https://site.test' }, timeZone: 'Europe/Berlin', now: 1_717_243_200 },
  {
    published: () => true,
    facts: () => {
      throw new Error('no document here');
    },
  },
  [],
);

/** The model object of a scratch resource, as a resource made from existing content would read it. */
interface Note {
  id: number;
  title: string;
  createdAt: number;
  hidden: boolean;
  words: string[];
}

// docs/architecture.md, "Recipes": a field is one line of the table; the answer and the schema follow.
const noteList = defineObject('Note', (note: Note) => note.words.length, {
  resource_uri: [selfLink('message'), (note, c) => c.urls.detail('message', note.id)],
  id: [integer, 'id'],
  title: [string.describe('Empty when hidden.'), (note) => (note.hidden ? '' : note.title)],
  created_at: [dateTime.nullable(), (note, c) => renderDateTime(c, note.createdAt)],
  'word-count': [integer, (_, __, count) => count],
  is_hidden: [boolean, 'hidden'],
});
const noteDetail = extendObject(noteList, 'NoteDetail', {
  title: [string, 'title'],
  words: [arrayOf(string), 'words'],
});

const note: Note = { id: 7, title: 'Antwort', createdAt: timestampOfSeconds(1_717_243_200), hidden: true, words: ['a', 'b', 'c'] };

describe('an object declared as a table (src/api/resources/object-fields.ts)', () => {
  it('answers every key of the table, in its order, from its sources', () => {
    const answer = noteList.serialize(ctx, note);
    expect(JSON.stringify(answer)).toBe(
      '{"resource_uri":"https://archiv.test/api/v1/message/7/","id":7,"title":"","created_at":"2024-06-01T14:00:00+02:00","word-count":3,"is_hidden":true}',
    );
  });

  it('makes the OpenAPI schema from the same table', () => {
    expect(objectSchema(noteList.table)).toEqual({
      type: 'object',
      properties: {
        resource_uri: { type: 'string', format: 'uri', description: "The object's own API URL (`/api/v1/message/<id>/`)." },
        id: { type: 'integer' },
        title: { type: 'string', description: 'Empty when hidden.' },
        created_at: { type: ['string', 'null'], format: 'date-time' },
        'word-count': { type: 'integer' },
        is_hidden: { type: 'boolean' },
      },
      required: ['resource_uri', 'id', 'title', 'created_at', 'word-count', 'is_hidden'],
    });
  });

  it('extends an object as a spread does: a known key keeps its place, new keys follow', () => {
    expect(Object.keys(noteDetail.table)).toEqual(['resource_uri', 'id', 'title', 'created_at', 'word-count', 'is_hidden', 'words']);
    expect(noteDetail.serialize(ctx, note)).toEqual({ ...noteList.serialize(ctx, note), title: 'Antwort', words: ['a', 'b', 'c'] });
    expect(Object.keys(noteDetail.serialize(ctx, note))).toEqual(Object.keys(noteDetail.table));
    expect(noteDetail.name).toBe('NoteDetail');
  });

  it('runs prepare once per object', () => {
    let calls = 0;
    const counted = defineObject(
      'Counted',
      (n: Note) => {
        calls++;
        return n.id * 2;
      },
      { a: [integer, (_, __, twice) => twice], b: [integer, (_, __, twice) => twice + 1] },
    );
    expect(counted.serialize(ctx, note)).toEqual({ a: 14, b: 15 });
    expect(calls).toBe(1);
  });

  it('refuses a key an object literal cannot write', () => {
    expect(() => defineObject<Note>('Bad', { ['__proto__']: [integer, 'id'] })).toThrow('Bad: the key "__proto__" cannot be written by an object literal; rename it');
  });
});

describe('the declared objects of requests and messages', () => {
  it('keep froide\'s key order in their tables', () => {
    expect(Object.keys(foiMessage.table)).toHaveLength(26);
    expect(Object.keys(foiMessage.table).slice(-7)).toEqual(['subject', 'content', 'redacted_subject', 'redacted_content', 'sender', 'status_name', 'last_modified_at']);
    expect(Object.keys(foiRequestDetail.table)).toEqual([...Object.keys(foiRequestList.table), 'messages']);
  });
});

describe('the recipe on a declared resource (docs/architecture.md, "Recipes": a field the content holds)', () => {
  it('adds a key to a campaign\'s answer and schema with one line', () => {
    const campaign = { id: 3, name: 'Kampagne', slug: 'kampagne', url: 'https://k.test', description: '', startDate: null, active: true } as unknown as Parameters<typeof campaignObject.serialize>[1];
    const withField = extendObject(campaignObject, 'Campaign', { slug_length: [integer, (c) => c.slug.length] });
    expect(withField.serialize(ctx, campaign)).toEqual({ ...campaignObject.serialize(ctx, campaign), slug_length: 8 });
    expect(objectSchema(withField.table).properties).toEqual({ ...(objectSchema(campaignObject.table).properties as object), slug_length: { type: 'integer' } });
    expect(Object.keys(campaignObject.serialize(ctx, campaign))).toEqual(Object.keys(campaignObject.table));
  });
});

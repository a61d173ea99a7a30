/**
 * Signs every media scope the serializers will link to, before serializing, so serializers
 * stay synchronous and pure. One expiry per build (docs/architecture.md, Tokens).
 */
import { signScope } from './media-token.ts';
import { tokenExpiry, type Settings } from '../config.ts';
import type { Archive } from '../model/types.ts';
import { attachmentMediaPath } from './resources/attachment/build.ts';
import { documentMediaDir } from './resources/document/build.ts';

export function mediaScopes(archive: Archive): string[] {
  const scopes = new Set<string>();
  for (const attachment of archive.attachments) scopes.add(attachmentMediaPath(attachment));
  for (const document of archive.documents) if (!document.public) scopes.add(documentMediaDir(document));
  return [...scopes];
}

export async function signMedia(archive: Archive, settings: Settings): Promise<(scope: string) => string> {
  const key = settings.tokenKeys[0]!;
  const expires = tokenExpiry(settings);
  const tokens = new Map<string, string>();
  for (const scope of mediaScopes(archive)) tokens.set(scope, await signScope(scope, expires, key));
  return (scope) => {
    const token = tokens.get(scope);
    if (token === undefined) throw new Error(`no media token was signed for ${scope}`);
    return token;
  };
}

/**
 * The key of a collection's files, which the document, page and annotation serializers also
 * write: apart from the collection's serializer, which embeds documents, so that theirs need not import it.
 */

/** The key of a collection's files: unlisted ones need the uid to be found (buildPaths.collectionVariant). */
export function collectionKey(collection: { id: number; uid: string; listed: boolean }): string {
  return collection.listed ? String(collection.id) : `${collection.id}-${collection.uid}`;
}

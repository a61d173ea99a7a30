/** A UUID as froide writes it: lower-case hex in the 8-4-4-4-12 layout (any version). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

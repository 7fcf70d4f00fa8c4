/**
 * Whether a row exists and is not soft-deleted. Apart from the entity schemas, so the first
 * page can ask it without loading zod.
 */
export function isLive<T extends { deletedAt?: string | undefined }>(
  entity: T | undefined,
): entity is T {
  return entity !== undefined && entity.deletedAt === undefined;
}

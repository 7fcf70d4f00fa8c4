/**
 * The kind prefix a review row shows before an item's summary: `Estimate · Set estimate to
 * 60 minutes`. Each tool names its own kind (`review.kind` in its module); this name stays
 * only until change-history.tsx imports `reviewKind` from the registry itself.
 */
export { reviewKind as itemKind } from '../../tools/registry';

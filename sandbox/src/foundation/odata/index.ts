// OData system query options ($filter, $select, $orderby, $top, $skip, $count) over in-memory entity arrays.

export type { ODataQueryError, ODataQueryErrorCode, Result } from "./errors.js";
export { isEntityShape } from "./entity-shape.js";
export type { EntityShape, PropertyKind } from "./entity-shape.js";
export { parseFilter, type RowPredicate } from "./filter.js";
export { MAX_FILTER_DEPTH, MAX_FILTER_LENGTH } from "./filter-source.js";
export { parseSelect, projectRow, withEntityIds, type Selection, type SelectTree } from "./select.js";
export { entityIdsOf, identifyRows, type RowSource } from "./entity-id.js";
export { orderRows, parseOrderBy, type OrderByItem } from "./orderby.js";
export {
  applyListQuery,
  applySelect,
  parseEntityQuery,
  parseListQuery,
  type EntityQuery,
  type ListPage,
  type ListQuery,
  type ListQueryOptions,
  type NextPage,
} from "./list-query.js";
export { buildNextLink } from "./next-link.js";
export { maxPageSizePreference, preferenceApplied, type MaxPageSizePreference } from "./max-page-size.js";

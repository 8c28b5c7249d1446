/** The id of a relation's value, whether populated or not. */
export const idOf = <Id extends number | string>(
  value: { id: Id } | Id | null | undefined,
): Id | undefined => (value && typeof value === 'object' ? value.id : (value ?? undefined))

/**
 * A stored name's shown words from a `stored=shown|…` table (#messages/subcategories.ts), or the
 * stored name. Write `table ? shownName(table, name) : name`: the English table is '', so the
 * English build folds each use to `name` and drops this function.
 */
export const shownName = (table: string, stored: string) =>
  table
    .split('|')
    .find((pair) => pair.startsWith(`${stored}=`))
    ?.slice(stored.length + 1) ?? stored;

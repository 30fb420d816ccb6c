/**
 * Tables looked up by a name from outside (a preset, a map, a board, a command, a job kind): only
 * the table's own entries answer. A plain object also answers to the names it inherits
 * ('constructor', 'toString', '__proto__'), which would hand a user's typo an Object method
 * instead of "unknown preset"; every lookup of a user's name goes through `own`.
 */

/** The entry named `name` if the table has it as its own, else undefined. */
export function own<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined
}

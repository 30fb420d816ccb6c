/**
 * The kinds of document the workbench holds, by id (the session names a document's kind by it). A
 * new kind is one more entry here and in frame/views.ts (docs/WORKBENCH.md, "Adding a kind").
 */
import { armyKind } from '../kinds/army/model'
import { halmaKind } from '../kinds/halma/model'
import { playersKind } from '../kinds/players/model'
import type { AnyKind } from './kind'

export const KIND_LIST: readonly AnyKind[] = [halmaKind, armyKind, playersKind]
export const KINDS: Readonly<Record<string, AnyKind>> = Object.fromEntries(KIND_LIST.map((k) => [k.id, k]))

/** The kind the workbench starts with. */
export const DEFAULT_KIND: AnyKind = halmaKind

/** The kind whose documents a text claims to be (by its format field); problem documents otherwise, which say what is wrong. */
export const kindOfText = (text: string): AnyKind => KIND_LIST.find((k) => k.claims(text)) ?? DEFAULT_KIND

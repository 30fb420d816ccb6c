/** Exit statuses of `halma` (README, "Exit status"; main.ts says which fault gets which). */
export const EXIT_BAD_INPUT = 2
/** A fault of the environment: a full disk, no permission, a folder in use, Redis unreachable. */
export const EXIT_ENVIRONMENT = 3

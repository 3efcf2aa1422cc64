// Compile-time assertions for the type tests in this folder. Nothing here runs: tsc checks these files (through
// tsconfig.json, `npm run typecheck`), and vitest never picks them up (they are not *.test.ts).

/** True when A and B are the same type (not merely assignable either way). */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when its type argument is `true`: `expectTrue<Equal<X, Y>>()`. */
export function expectTrue<T extends true>(): T | void {}

/** Compiles only when `value` is assignable to `T`: `expectAssignable<string>(result.url)`. */
export function expectAssignable<T>(value: T): T {
  return value;
}

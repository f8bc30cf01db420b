/** Exact type equality for compile-time assertions: `const _: Equal<A, B> = true` fails to compile unless A is B. */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

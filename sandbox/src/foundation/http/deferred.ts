/**
 * Stand-ins for web-standard objects that are costly to make on Node 20, where every `Response` or `Request` with
 * a body makes a transferable `ReadableStream` (about 15 µs, more than the rest of a small request's handling): an
 * object that is `instanceof` the class and answers every member of it, but makes the real object only when a
 * member its maker does not answer itself is used. The node:http adapter reads what it needs without ever making
 * one; any other caller (the in-process `fetch`) sees a `Request` or `Response` like any other. (@hono/node-server
 * does the same, for the same reason.)
 */

/** A prototype under `base.prototype` whose members not in `own` are answered by `real(this)`. */
export function deferredPrototype<T extends object>(
  base: { readonly prototype: T },
  real: (self: object) => T,
  own: PropertyDescriptorMap,
): T {
  const prototype: T = Object.create(base.prototype);
  for (const key of Reflect.ownKeys(base.prototype)) {
    if (key === "constructor" || key in own) continue;
    const descriptor = Object.getOwnPropertyDescriptor(base.prototype, key)!;
    if (descriptor.get !== undefined) {
      Object.defineProperty(prototype, key, {
        configurable: true,
        get(this: object) {
          return Reflect.get(real(this), key);
        },
      });
    } else if (typeof descriptor.value === "function") {
      const method: unknown = descriptor.value;
      Object.defineProperty(prototype, key, {
        configurable: true,
        writable: true,
        value(this: object, ...args: unknown[]) {
          return Reflect.apply(method as (...args: unknown[]) => unknown, real(this), args);
        },
      });
    }
  }
  Object.defineProperties(prototype, own);
  return prototype;
}

import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = (doc: unknown) => string;

/**
 * Response serialisers compiled when a route first answers, not at start: Fastify builds one
 * fast-json-stringify function per route and status, which was about a tenth of a restart's CPU and
 * a share of the heap at idle, for routes most starts never use. The compiled function is the one
 * Fastify would have built (same compiler, same shared schemas); `compileAll` builds every pending
 * one at once, so a test can prove that every response schema compiles.
 */
export function lazySerializers(): { factory: SerializerFactory; compileAll: () => number } {
  const pending = new Set<() => Serializer>();
  const eager = SerializerSelector();
  const factory: SerializerFactory = (externalSchemas, options) => {
    const compile = eager(externalSchemas, options);
    return (route) => {
      let serialize: Serializer | undefined;
      const build = () => {
        pending.delete(build);
        serialize ??= compile(route);
        return serialize;
      };
      pending.add(build);
      return (doc) => (serialize ?? build())(doc);
    };
  };
  const compileAll = () => {
    const builds = [...pending];
    for (const build of builds) build();
    return builds.length;
  };
  return { factory, compileAll };
}

/**
 * Breaking changes between a released OpenAPI 3.1 document and the current one, seen from a
 * client built on the released copy: a removed route, response status or response field; a
 * request that accepts less (a narrowed type or enum, a new required parameter or field); a
 * response that may carry more (a widened type or enum, a field no longer required).
 * (The maintained diff tools on npm read OpenAPI 3.0 only; this document is 3.1.)
 */
type Node = Record<string, unknown>;
type Direction = 'request' | 'response';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const MAX_DEPTH = 16;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

class Document {
  constructor(readonly root: Node) {}

  /** Follows local `$ref`s (`#/components/...`). */
  resolve(value: unknown): Node {
    let node = isNode(value) ? value : {};
    for (let hops = 0; typeof node.$ref === 'string' && hops < MAX_DEPTH; hops += 1) {
      let target: unknown = this.root;
      for (const key of node.$ref.replace(/^#\//, '').split('/')) {
        target = isNode(target) ? target[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      }
      node = isNode(target) ? target : {};
    }
    return node;
  }

  /** The alternatives of a union (`anyOf`/`oneOf`), else the schema itself. */
  branches(schema: Node): Node[] {
    const union = [schema.anyOf, schema.oneOf].find(Array.isArray) as unknown[] | undefined;
    return union ? union.flatMap((branch) => this.branches(this.resolve(branch))) : [schema];
  }

  /** The JSON types a schema allows; `undefined` when it does not say (anything goes). */
  types(schema: Node): Set<string> | undefined {
    const found = new Set<string>();
    for (const branch of this.branches(schema)) {
      const values = Array.isArray(branch.enum)
        ? branch.enum
        : 'const' in branch
          ? [branch.const]
          : undefined;
      if (values)
        values.forEach((v) => found.add(v === null ? 'null' : Number.isInteger(v) ? 'integer' : typeof v));
      else if (typeof branch.type === 'string') found.add(branch.type);
      else if (Array.isArray(branch.type)) branch.type.forEach((t) => found.add(String(t)));
      else if (isNode(branch.properties)) found.add('object');
      else return undefined;
    }
    return found;
  }

  /** The allowed values when every branch lists them (`enum`/`const`), else `undefined`. */
  values(schema: Node): Set<string> | undefined {
    const found = new Set<string>();
    for (const branch of this.branches(schema)) {
      const values = Array.isArray(branch.enum)
        ? branch.enum
        : 'const' in branch
          ? [branch.const]
          : undefined;
      if (values) values.forEach((v) => found.add(JSON.stringify(v)));
      else if (branch.type === 'null') found.add('null');
      else return undefined;
    }
    return found;
  }

  /** Properties and required names, merged over the branches of a union and `allOf`. */
  object(schema: Node): { properties: Map<string, Node>; required: Set<string> } {
    const properties = new Map<string, Node>();
    const required = new Set<string>();
    const visit = (node: Node) => {
      for (const part of Array.isArray(node.allOf) ? node.allOf : []) visit(this.resolve(part));
      if (isNode(node.properties))
        for (const [k, v] of Object.entries(node.properties)) properties.set(k, this.resolve(v));
      if (Array.isArray(node.required)) node.required.forEach((name) => required.add(String(name)));
    };
    this.branches(schema).forEach(visit);
    return { properties, required };
  }

  items(schema: Node): Node | undefined {
    const branch = this.branches(schema).find((b) => b.items !== undefined);
    return branch ? this.resolve(branch.items) : undefined;
  }
}

const covers = (types: Set<string>, type: string) =>
  types.has(type) || (type === 'integer' && types.has('number'));
const list = (set: Iterable<string>) => [...set].sort().join('|');

function compareSchemas(
  docs: { old: Document; now: Document },
  schemas: { old: Node; now: Node },
  direction: Direction,
  where: string,
  problems: string[],
  depth = 0,
  formField = false,
): void {
  if (depth > MAX_DEPTH) return;
  const [oldTypes, newTypes] = [docs.old.types(schemas.old), docs.now.types(schemas.now)];
  // A form field (multipart or urlencoded) is a string or a file on the wire whatever its schema said.
  if (formField && !oldTypes && newTypes && [...newTypes].every((t) => t === 'string')) return;
  // A request must still accept what it accepted; a response must not send what it never sent.
  const [before, after] = direction === 'request' ? [oldTypes, newTypes] : [newTypes, oldTypes];
  if (after && (!before || [...before].some((t) => !covers(after, t)))) {
    problems.push(
      `${where}: ${direction === 'request' ? 'narrowed' : 'widened'} type ${list(oldTypes ?? ['any'])} → ${list(newTypes ?? ['any'])}`,
    );
    return;
  }
  const [oldValues, newValues] = [docs.old.values(schemas.old), docs.now.values(schemas.now)];
  const [fewer, more] = direction === 'request' ? [newValues, oldValues] : [oldValues, newValues];
  if (fewer && (!more || [...more].some((v) => !fewer.has(v)))) {
    problems.push(
      `${where}: ${direction === 'request' ? 'narrowed' : 'widened'} values ${list(oldValues ?? ['any'])} → ${list(newValues ?? ['any'])}`,
    );
  }
  const [oldObject, newObject] = [docs.old.object(schemas.old), docs.now.object(schemas.now)];
  for (const [name, oldProperty] of oldObject.properties) {
    const newProperty = newObject.properties.get(name);
    if (!newProperty) {
      if (direction === 'response') problems.push(`${where}.${name}: removed response field`);
      continue;
    }
    if (direction === 'response' && oldObject.required.has(name) && !newObject.required.has(name)) {
      problems.push(`${where}.${name}: response field no longer required`);
    }
    const form =
      direction === 'request' && depth === 0 && /multipart\/form-data|x-www-form-urlencoded/.test(where);
    const property = { old: oldProperty, now: newProperty };
    compareSchemas(docs, property, direction, `${where}.${name}`, problems, depth + 1, form);
  }
  if (direction === 'request') {
    for (const name of newObject.required) {
      if (!oldObject.required.has(name)) problems.push(`${where}.${name}: new required request field`);
    }
  }
  const [oldItems, newItems] = [docs.old.items(schemas.old), docs.now.items(schemas.now)];
  if (oldItems && newItems)
    compareSchemas(docs, { old: oldItems, now: newItems }, direction, `${where}[]`, problems, depth + 1);
}

function compareContent(
  docs: { old: Document; now: Document },
  content: { old: unknown; now: unknown },
  direction: Direction,
  where: string,
  problems: string[],
): void {
  const [oldContent, newContent] = [
    isNode(content.old) ? content.old : {},
    isNode(content.now) ? content.now : {},
  ];
  for (const [type, oldMedia] of Object.entries(oldContent)) {
    const newMedia = newContent[type];
    if (!isNode(newMedia)) {
      problems.push(`${where}: ${direction} content type ${type} removed`);
      continue;
    }
    const old = docs.old.resolve(isNode(oldMedia) ? oldMedia.schema : undefined);
    compareSchemas(
      docs,
      { old, now: docs.now.resolve(newMedia.schema) },
      direction,
      `${where} ${type}`,
      problems,
    );
  }
}

function parametersOf(doc: Document, operation: Node): Map<string, Node> {
  const params = new Map<string, Node>();
  for (const raw of Array.isArray(operation.parameters) ? operation.parameters : []) {
    const param = doc.resolve(raw);
    params.set(`${String(param.in)}:${String(param.name)}`, param);
  }
  return params;
}

function compareOperation(
  docs: { old: Document; now: Document },
  old: Node,
  now: Node,
  where: string,
  problems: string[],
): void {
  const [oldParams, newParams] = [parametersOf(docs.old, old), parametersOf(docs.now, now)];
  for (const [key, param] of newParams) {
    if (param.required === true && oldParams.get(key)?.required !== true)
      problems.push(`${where}: new required parameter ${key}`);
  }
  for (const [key, param] of oldParams) {
    const next = newParams.get(key);
    if (!next) continue;
    const schemas = { old: docs.old.resolve(param.schema), now: docs.now.resolve(next.schema) };
    compareSchemas(docs, schemas, 'request', `${where} parameter ${key}`, problems);
  }
  const [oldBody, newBody] = [docs.old.resolve(old.requestBody), docs.now.resolve(now.requestBody)];
  if (newBody.required === true && oldBody.required !== true)
    problems.push(`${where}: request body now required`);
  compareContent(docs, { old: oldBody.content, now: newBody.content }, 'request', `${where} body`, problems);
  const [oldResponses, newResponses] = [old.responses, now.responses].map((r) => (isNode(r) ? r : {})) as [
    Node,
    Node,
  ];
  for (const status of Object.keys(oldResponses).filter((s) => /^2/.test(s))) {
    if (!(status in newResponses)) {
      problems.push(`${where}: removed response ${status}`);
      continue;
    }
    const content = {
      old: docs.old.resolve(oldResponses[status]).content,
      now: docs.now.resolve(newResponses[status]).content,
    };
    compareContent(docs, content, 'response', `${where} ${status}`, problems);
  }
}

/** The breaking changes from `released` to `current` (parsed OpenAPI documents); `[]` when none. */
export function breakingChanges(released: Node, current: Node): string[] {
  const docs = { old: new Document(released), now: new Document(current) };
  const problems: string[] = [];
  const [oldPaths, newPaths] = [released.paths, current.paths].map((p) => (isNode(p) ? p : {})) as [
    Node,
    Node,
  ];
  for (const [route, oldItem] of Object.entries(oldPaths)) {
    const newItem = newPaths[route];
    for (const method of METHODS) {
      const old = isNode(oldItem) ? oldItem[method] : undefined;
      if (!isNode(old)) continue;
      const now = isNode(newItem) ? newItem[method] : undefined;
      const where = `${method.toUpperCase()} ${route}`;
      if (!isNode(now)) problems.push(`${where}: removed route`);
      else compareOperation(docs, old, now, where, problems);
    }
  }
  return problems;
}

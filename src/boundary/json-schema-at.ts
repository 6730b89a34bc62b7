import type { JsonSchema } from '../tool/define-tool.js';

type PathKey = string | number;

/**
 * The sub-schema that describes the value at `path`, following properties, items, local `$ref`s
 * and nullable `anyOf` wrappers. Undefined when the schema does not say.
 */
export function jsonSchemaAt(root: JsonSchema | undefined, path: readonly PathKey[]): JsonSchema | undefined {
  let schema = resolve(root, root);
  for (const key of path) {
    if (schema === undefined) return undefined;
    if (typeof key === 'number') {
      const items = schema['items'];
      schema = resolve(root, isSchema(items) ? items : undefined);
    } else {
      const properties = schema['properties'];
      const property = isSchema(properties) ? properties[key] : undefined;
      schema = resolve(root, isSchema(property) ? property : undefined);
    }
  }
  return schema;
}

function resolve(root: JsonSchema | undefined, schema: JsonSchema | undefined): JsonSchema | undefined {
  let current = schema;
  for (let hops = 0; current !== undefined && hops < 8; hops++) {
    const reference = current['$ref'];
    if (typeof reference === 'string' && reference.startsWith('#/')) {
      current = reference
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (node, part) => (isSchema(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
          root,
        ) as JsonSchema | undefined;
      continue;
    }
    const variants = current['anyOf'] ?? current['oneOf'];
    if (Array.isArray(variants)) {
      const nonNull = variants.filter((variant) => isSchema(variant) && variant['type'] !== 'null');
      if (nonNull.length === 1) {
        current = nonNull[0] as JsonSchema;
        continue;
      }
    }
    return current;
  }
  return current;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateOpenApiYaml } from './generate.js';

/** `pnpm openapi`: writes the repository's openapi.yaml from the route schemas. */
export const openApiFile = fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url));

writeFileSync(openApiFile, await generateOpenApiYaml());
console.log(`wrote ${openApiFile}`);

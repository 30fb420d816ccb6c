// Writes resources/halma.schema.json from the document schema in src/shared/halma/document.ts
// (`npm run schema`); tests/unit/document.test.ts checks that the committed file is up to date.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { documentJsonSchema } from '../src/shared/halma/document'

const out = join(import.meta.dirname, '../resources/halma.schema.json')
writeFileSync(out, `${JSON.stringify(documentJsonSchema(), null, 2)}\n`)
console.log(`wrote ${out}`)

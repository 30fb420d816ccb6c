// The parser eslint-plugin-import-x reads .vue files with for the import graph (import-x/no-cycle):
// vue-eslint-parser with the TypeScript parser for <script lang="ts">, whatever file imported it.
const vue = require('vue-eslint-parser')
const ts = require('@typescript-eslint/parser')

module.exports = {
  parseForESLint: (code, options) => vue.parseForESLint(code, { ...options, parser: ts, extraFileExtensions: ['.vue'] }),
}

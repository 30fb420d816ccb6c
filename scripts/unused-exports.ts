/**
 * `npm run unused`: exported names of src/ that nothing else uses. The TypeScript language service
 * finds every reference to each export across src, tests, bench and scripts; single-file Vue
 * components are searched as text (their scripts are not in a TypeScript program). Prints the
 * exports referenced nowhere outside their declaration, then those used only inside their own file
 * (their `export` can go). Exit status 1 when the first list is not empty.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

const root = join(import.meta.dirname, '..')

function walk(dir: string, ext: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'out' || name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...walk(path, ext))
    else if (name.endsWith(ext) && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

const sources = walk(join(root, 'src'), '.ts')
const files = [...sources, ...['tests', 'bench', 'scripts'].flatMap((d) => walk(join(root, d), '.ts'))]
const vueText = walk(join(root, 'src'), '.vue')
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n')

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  noEmit: true,
  skipLibCheck: true,
}
const host: ts.LanguageServiceHost = {
  getScriptFileNames: () => files,
  getScriptVersion: () => '1',
  getScriptSnapshot: (f) => {
    try {
      return ts.ScriptSnapshot.fromString(readFileSync(f, 'utf8'))
    } catch {
      return undefined
    }
  },
  getCurrentDirectory: () => root,
  getCompilationSettings: () => options,
  getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
}
const service = ts.createLanguageService(host)
const program = service.getProgram()!
const checker = program.getTypeChecker()

const nowhere: string[] = []
const local: string[] = []
for (const file of sources) {
  const sf = program.getSourceFile(file)
  if (!sf) continue
  const module = checker.getSymbolAtLocation(sf)
  if (!module) continue
  for (const symbol of checker.getExportsOfModule(module)) {
    const declaration = symbol.declarations?.[0]
    // Re-exports (`export { x } from`) are counted where x is declared.
    if (!declaration || declaration.getSourceFile() !== sf) continue
    const nameNode = ts.getNameOfDeclaration(declaration) ?? declaration
    const refs = service.findReferences(file, nameNode.getStart()) ?? []
    const uses = refs.flatMap((r) => r.references).filter((r) => !r.isDefinition)
    const outside = uses.filter((r) => r.fileName !== file)
    const where = `${relative(root, file)}: ${symbol.name}`
    if (outside.length > 0 || new RegExp(`\\b${symbol.name}\\b`).test(vueText)) continue
    if (uses.length === 0) nowhere.push(where)
    else local.push(where)
  }
}

console.log(`Exported and used nowhere else (${nowhere.length}):\n${nowhere.map((w) => `  ${w}`).join('\n')}`)
console.log(`\nExported, used only in their own file (${local.length}):\n${local.map((w) => `  ${w}`).join('\n')}`)
process.exitCode = nowhere.length > 0 ? 1 : 0

/**
 * `npm run check:exports`: lists the exports of app/, workers/ and scripts/ that no other file
 * imports — dead code, or an export only its own file uses (then it should not be exported) —
 * and exits 1 when there are any. An export counts as used when another file imports it by
 * name, re-exports it, imports the whole module (`import * as`, `export *`, `import()`, vite's
 * `ssrLoadModule("/app/…")`), or
 * when the framework calls it: route modules' conventional exports, the Worker's entry, config
 * files. Built on the TypeScript compiler the project already has (no extra dependency); the
 * plain-JavaScript scripts (.mjs) are read for their imports too. `--fix` drops the `export` of
 * declarations only their own file uses; unused code is left for a person to delete.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const CHECKED = ["app/", "workers/", "scripts/"];
// The benchmark's modules are being reshaped on their own; checked again once that lands.
const SKIPPED = ["scripts/bench/"];

// Exports React Router and the Worker runtime read by name, never imported by our code.
const ROUTE_EXPORTS = new Set([
  "default", "loader", "action", "meta", "links", "headers", "ErrorBoundary", "HydrateFallback", "Layout",
  "shouldRevalidate", "clientLoader", "clientAction", "handle", "middleware", "unstable_middleware",
]);
const ENTRY_FILES = new Set(["app/root.tsx", "app/routes.ts", "app/entry.server.tsx", "app/entry.client.tsx", "workers/app.ts"]);

const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");

function loadProgram(): ts.Program {
  const configPath = path.join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
}

function frameworkUsed(file: string, name: string): boolean {
  if (ENTRY_FILES.has(file)) return true;
  if (/^[^/]+\.config\.ts$/.test(file)) return true;
  if (file.startsWith("app/routes/") && ROUTE_EXPORTS.has(name)) return true;
  return false;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith("test/");

function main() {
  const program = loadProgram();
  const checker = program.getTypeChecker();
  const sources = program.getSourceFiles().filter((f) => !f.isDeclarationFile && !f.fileName.includes("/node_modules/"));
  /** file → exported names used elsewhere; "*" means all. */
  const used = new Map<string, Set<string>>();
  const mark = (file: string | undefined, name: string) => {
    if (!file) return;
    let names = used.get(file);
    if (!names) used.set(file, (names = new Set()));
    names.add(name);
  };
  const moduleFile = (specifier: ts.Expression): string | undefined => {
    const symbol = checker.getSymbolAtLocation(specifier);
    const decl = symbol?.declarations?.[0];
    return decl && ts.isSourceFile(decl) ? rel(decl.fileName) : undefined;
  };

  for (const sf of sources) {
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node)) {
        const target = moduleFile(node.moduleSpecifier);
        const clause = node.importClause;
        if (!clause) mark(target, "*"); // side-effect import: nothing by name
        else {
          if (clause.name) mark(target, "default");
          const bindings = clause.namedBindings;
          if (bindings && ts.isNamespaceImport(bindings)) mark(target, "*");
          if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) mark(target, (el.propertyName ?? el.name).text);
        }
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
        const target = moduleFile(node.moduleSpecifier);
        const clause = node.exportClause;
        if (!clause || ts.isNamespaceExport(clause)) mark(target, "*");
        else for (const el of clause.elements) mark(target, (el.propertyName ?? el.name).text);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
        mark(moduleFile(node.arguments[0]), "*");
      } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]) && /^\/(app|workers|scripts)\/.+\.tsx?$/.test(node.arguments[0].text)) {
        // A module loaded by its path from the project root (vite's ssrLoadModule in the scripts).
        mark(node.arguments[0].text.slice(1), "*");
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        const target = moduleFile(node.argument.literal);
        const q = node.qualifier;
        mark(target, q ? (ts.isIdentifier(q) ? q.text : q.left.getText()) : "*");
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  // Plain-JavaScript scripts import TypeScript modules by relative path.
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith(".mjs") ? [path.join(dir, e.name)] : []));
  for (const file of walk(path.join(root, "scripts"))) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
      const target = rel(path.resolve(path.dirname(file), m[2]));
      for (const part of m[1].split(",")) {
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name) mark(target, name);
      }
    }
  }

  const findings: { file: string; name: string; line: number; local: boolean; decl: ts.Node }[] = [];
  for (const sf of sources) {
    const file = rel(sf.fileName);
    if (!CHECKED.some((d) => file.startsWith(d)) || SKIPPED.some((d) => file.startsWith(d)) || isTest(file)) continue;
    const moduleSymbol = checker.getSymbolAtLocation(sf);
    if (!moduleSymbol) continue;
    const names = used.get(file);
    if (names?.has("*")) continue;
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const name = symbol.getName();
      if (names?.has(name) || frameworkUsed(file, name)) continue;
      const decl = symbol.declarations?.[0];
      if (!decl || decl.getSourceFile() !== sf) continue;
      const declName = (decl as ts.NamedDeclaration).name;
      // Used in its own file: an identifier of that name other than the declaration's own.
      let local = false;
      const look = (node: ts.Node) => {
        if (local) return;
        if (ts.isIdentifier(node) && node.text === name && node !== declName && checker.getSymbolAtLocation(node) === checker.getSymbolAtLocation(declName ?? node)) local = true;
        ts.forEachChild(node, look);
      };
      look(sf);
      findings.push({ file, name, line: sf.getLineAndCharacterOfPosition(decl.getStart()).line + 1, local, decl });
    }
  }

  findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  if (process.argv.includes("--fix")) {
    const fixed = fix(findings.filter((f) => f.local));
    console.log(`Dropped ${fixed} \`export\` keyword(s); run again to see what is left.`);
    return;
  }
  for (const f of findings) console.log(`${f.file}:${f.line}  ${f.name}  ${f.local ? "(used only in its own file: drop `export`)" : "(unused: delete it)"}`);
  if (findings.length) {
    console.log(`\n${findings.length} export(s) no other file uses.`);
    process.exit(1);
  }
  console.log("No unused exports.");
}

/** The statement carrying a declaration's `export` keyword, when it exports that name alone. */
function exportingStatement(decl: ts.Node): ts.Node | undefined {
  const statement = ts.isVariableDeclaration(decl) ? decl.parent.parent : decl;
  if (ts.isVariableStatement(statement) && statement.declarationList.declarations.length !== 1) return undefined;
  const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
  const first = modifiers?.[0];
  if (first?.kind !== ts.SyntaxKind.ExportKeyword || modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) return undefined;
  return first;
}

function fix(findings: { file: string; decl: ts.Node }[]): number {
  const byFile = new Map<string, number[]>();
  for (const f of findings) {
    const keyword = exportingStatement(f.decl);
    if (!keyword) continue;
    const starts = byFile.get(f.file) ?? [];
    starts.push(keyword.getStart());
    byFile.set(f.file, starts);
  }
  let count = 0;
  for (const [file, starts] of byFile) {
    const full = path.join(root, file);
    let text = readFileSync(full, "utf8");
    for (const start of [...new Set(starts)].sort((a, b) => b - a)) {
      if (!text.startsWith("export ", start)) continue;
      text = text.slice(0, start) + text.slice(start + "export ".length);
      count++;
    }
    writeFileSync(full, text);
  }
  return count;
}

main();

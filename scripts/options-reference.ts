/**
 * Writes docs/options.md from the option types themselves: each property, its doc comment and its
 * `@default`. `--check` fails when the file is out of date, so the reference cannot drift from
 * the code (test/build/options-reference.test.ts runs it). Run `npm run docs:options` to update.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** The option types a user writes, in reading order: [heading, file, type name, what calls it]. */
const SECTIONS: [string, string, string, string][] = [
  ['defineTool', 'src/tool/define-tool.ts', 'ToolDefinition', "`defineTool({...})` from 'toolbound'"],
  [
    'createDispatcher',
    'src/boundary/create-dispatcher.ts',
    'DispatcherOptions',
    "`createDispatcher({...})` from 'toolbound'",
  ],
  ['runAgent', 'src/loop/run-agent.ts', 'RunAgentOptions', "`runAgent({...})` from 'toolbound'"],
  [
    'createRedisStore',
    'src/adapters/redis/create-redis-store.ts',
    'RedisStoreOptions',
    "`createRedisStore({...})` from 'toolbound/redis'",
  ],
  [
    'openaiChatModel',
    'src/adapters/openai/openai-chat-model.ts',
    'OpenAIChatModelOptions',
    "`openaiChatModel({...})` from 'toolbound/openai'",
  ],
  [
    'openaiResponsesModel',
    'src/adapters/openai/openai-responses-model.ts',
    'OpenAIResponsesModelOptions',
    "`openaiResponsesModel({...})` from 'toolbound/openai'",
  ],
  [
    'anthropicModel',
    'src/adapters/anthropic/anthropic-model.ts',
    'AnthropicModelOptions',
    "`anthropicModel({...})` from 'toolbound/anthropic'",
  ],
  [
    'aiSdkModel',
    'src/adapters/ai-sdk/ai-sdk-model.ts',
    'AISDKModelOptions',
    "`aiSdkModel({...})` from 'toolbound/ai-sdk'",
  ],
  [
    'registerMcpTools',
    'src/adapters/mcp/register-mcp-tools.ts',
    'RegisterMcpToolsOptions',
    "`registerMcpTools(server, dispatcher, {...})` from 'toolbound/mcp'",
  ],
  [
    'mcpClientTools',
    'src/adapters/mcp/mcp-client-tools.ts',
    'McpClientToolsOptions',
    "`mcpClientTools(client, {...})` from 'toolbound/mcp'",
  ],
];

/** The whole of docs/options.md, generated from the current sources. */
export function renderOptionsReference(root = projectRoot): string {
  const files = SECTIONS.map(([, file]) => join(root, file));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const out = [
    '# Options reference',
    '',
    'Generated from the option types by `npm run docs:options`; a test fails when this page and the',
    'code disagree. Optional options show their default; the others are required.',
    '',
  ];
  for (const [heading, file, typeName, caller] of SECTIONS) {
    const source = program.getSourceFile(join(root, file));
    if (source === undefined) throw new Error(`options-reference: cannot read ${file}`);
    const declaration = source.statements.find(
      (statement): statement is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
        (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
        statement.name.text === typeName,
    );
    if (declaration === undefined) throw new Error(`options-reference: ${typeName} is not in ${file}`);
    const type = checker.getTypeAtLocation(declaration.name);
    const rows: string[] = [];
    let inherited = 0;
    for (const property of checker.getPropertiesOfType(type)) {
      const declared = property.declarations?.[0];
      // provider request parameters pass through as the SDK documents them
      if (
        declared === undefined ||
        relative(root, declared.getSourceFile().fileName).startsWith('node_modules')
      ) {
        inherited++;
        continue;
      }
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      const doc = ts
        .displayPartsToString(property.getDocumentationComment(checker))
        .replace(/\s+/g, ' ')
        .trim();
      const fallback = property
        .getJsDocTags(checker)
        .find((tag) => tag.name === 'default')
        ?.text?.map((part) => part.text)
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
      const propertyType = checker
        .typeToString(
          checker.getTypeOfSymbolAtLocation(property, declared),
          undefined,
          ts.TypeFormatFlags.NoTruncation,
        )
        .replace(/\s+/g, ' ');
      rows.push(
        `| \`${property.name}\` | \`${escapeCell(shorten(propertyType))}\` | ${optional ? escapeCell(fallback ?? 'none') : 'required'} | ${escapeCell(doc)} |`,
      );
    }
    out.push(`## ${heading}`, '', `${caller}, typed \`${typeName}\`.`, '');
    out.push('| option | type | default | meaning |', '|---|---|---|---|', ...rows, '');
    if (inherited > 0)
      out.push(
        `It also passes on ${inherited} request options of the provider's SDK, as that SDK documents them.`,
        '',
      );
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/`/g, "'");
}

if (process.argv[1] !== undefined && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const target = join(projectRoot, 'docs', 'options.md');
  const rendered = renderOptionsReference();
  if (process.argv.includes('--check')) {
    const current = readFileSync(target, 'utf8');
    if (current !== rendered) {
      console.error('docs/options.md is out of date: run npm run docs:options');
      process.exitCode = 1;
    }
  } else {
    writeFileSync(target, rendered);
    console.log('wrote docs/options.md');
  }
}

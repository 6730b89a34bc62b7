/**
 * toolbound for the Model Context Protocol (`@modelcontextprotocol/sdk`, an optional peer
 * dependency). Server side: serve a dispatcher's tools, with `isError`, text content and
 * `structuredContent`, and never a raw exception message. Client side: wrap a remote server's
 * tools so that its errors, too, are classified and sanitised.
 */

export { classifyCallToolResult } from './classify-call-tool-result.js';
export { fromMcpError } from './from-mcp-error.js';
export { jsonSchemaInput } from './json-schema-input.js';
export { type McpClientToolsOptions, mcpClientTools } from './mcp-client-tools.js';
export { type RegisterMcpToolsOptions, type RequestExtra, registerMcpTools } from './register-mcp-tools.js';
export { toCallToolResult } from './to-call-tool-result.js';

/**
 * toolbound for the Model Context Protocol (`@modelcontextprotocol/sdk`, an optional peer
 * dependency). Server side: serve a dispatcher's tools, with `isError`, text content and
 * `structuredContent`, and never a raw exception message. Client side: wrap a remote server's
 * tools so that its errors, too, are classified and sanitised. Failed results carry MCP's draft
 * failure envelope (`_meta['io.modelcontextprotocol/toolFailure']`), and the client reads it.
 */

export { classifyCallToolResult } from './classify-call-tool-result.js';
export { fromMcpError } from './from-mcp-error.js';
export { jsonSchemaInput } from './json-schema-input.js';
export { type McpClientToolsOptions, mcpClientTools } from './mcp-client-tools.js';
export { readToolFailure } from './read-tool-failure.js';
export { type RegisterMcpToolsOptions, type RequestExtra, registerMcpTools } from './register-mcp-tools.js';
export { type ToCallToolResultOptions, toCallToolResult } from './to-call-tool-result.js';
export { toToolFailure } from './to-tool-failure.js';
export { TOOL_FAILURE_META_KEY, type ToolFailure, type ToolFailureClass } from './tool-failure.js';

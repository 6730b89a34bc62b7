/**
 * toolbound with a local model behind an OpenAI-compatible server. Ollama by default; for
 * vLLM use baseURL 'http://localhost:8000/v1' (start it with --enable-auto-tool-choice and a
 * --tool-call-parser), for llama.cpp's llama-server 'http://localhost:8080/v1' (start it with --jinja).
 * Run: ollama pull qwen3:8b && npx tsx examples/openai-compatible-local.ts
 *
 * In your project the imports are `from 'toolbound'` and `from 'toolbound/openai'`.
 */
import OpenAI from 'openai';
import { z } from 'zod';
import { openaiChatModel } from '../src/adapters/openai/index.js';
import { defineTool, runAgent } from '../src/index.js';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Get the current temperature for a city.',
  input: z.object({ city: z.enum(['Pune', 'Mumbai', 'Delhi']) }),
  idempotent: true,
  run: async ({ city }) => ({ city, temperatureC: 31, conditions: 'sunny' }),
});

const client = new OpenAI({
  baseURL: process.env['OPENAI_BASE_URL'] ?? 'http://localhost:11434/v1',
  apiKey: 'local', // required by the client, ignored by local servers
});

// small local models make more argument mistakes; the boundary answers each with a precise fix
const result = await runAgent({
  model: openaiChatModel({ client, model: process.env['MODEL'] ?? 'qwen3:8b', temperature: 0 }),
  tools: [getWeather],
  messages: [{ role: 'user', content: "What's the weather like in Punee?" }],
});
console.log(result.endedBy, '-', result.text);

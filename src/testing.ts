/**
 * Test helpers: deterministic models for tests, demos and evals. Not needed in production code.
 */
export {
  lastSuggestion,
  type ScriptedModel,
  type ScriptedStep,
  type ScriptedToolCall,
  scriptedModel,
} from './loop/scripted-model.js';

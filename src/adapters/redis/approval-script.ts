import { createHash } from 'node:crypto';
import type { ApprovalCommand, ApprovalReply } from '../../state/approval-records.js';
import type { RedisScript } from './redis-scripts.js';

/**
 * KEYS[1] = the approval record (a hash); ARGV[1] = command, then its arguments. One script for
 * every command, so each is atomic: two processes claiming one record cannot both see it pending.
 * A claim keeps the record's TTL, so a replay reads `used` until the record would have expired.
 */
const SOURCE = `
local kind = ARGV[1]
if kind == 'put' then
  if ARGV[4] ~= '1' and redis.call('EXISTS', KEYS[1]) == 1 then return {'exists'} end
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'status', 'pending', 'value', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {'created'}
end
if kind == 'read' or kind == 'claim' then
  local found = redis.call('HMGET', KEYS[1], 'status', 'value', 'holder')
  if not found[1] then return {'missing'} end
  if found[1] ~= 'pending' then return {'used', found[3] or ''} end
  if kind == 'read' then return {'pending', found[2]} end
  redis.call('HSET', KEYS[1], 'status', 'used', 'holder', ARGV[2], 'value', '')
  return {'claimed', found[2]}
end
if kind == 'count' then
  local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
  if count >= tonumber(ARGV[2]) then return {'exhausted', tostring(count)} end
  count = redis.call('HINCRBY', KEYS[1], 'count', 1)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {'counted', tostring(count)}
end
if kind == 'delete' then
  redis.call('DEL', KEYS[1])
  return {'deleted'}
end
return redis.error_reply('unknown approval command')`;

/** The approval script, by name, source and SHA1. */
export const APPROVAL_SCRIPT: RedisScript = {
  name: 'approval',
  source: SOURCE,
  sha: createHash('sha1').update(SOURCE).digest('hex'),
};

/** The script's arguments for a command. */
export function approvalArguments(command: ApprovalCommand): string[] {
  switch (command.kind) {
    case 'put':
      return ['put', command.value, String(Math.ceil(command.ttlMs)), command.replace === true ? '1' : '0'];
    case 'claim':
      return ['claim', command.holder];
    case 'count':
      return ['count', String(command.limit), String(Math.ceil(command.ttlMs))];
    default:
      return [command.kind];
  }
}

/** Reads the script's reply; anything unexpected throws, so the caller refuses rather than guesses. */
export function readApprovalReply(reply: unknown): ApprovalReply {
  if (!Array.isArray(reply) || reply.length === 0) throw new Error('unexpected approval reply');
  const [status, detail] = reply.map((part) => (part === null || part === undefined ? '' : String(part)));
  switch (status) {
    case 'created':
    case 'exists':
    case 'deleted':
    case 'missing':
      return { status };
    case 'pending':
    case 'claimed':
      return { status, value: detail ?? '' };
    case 'used':
      return { status, holder: detail ?? '' };
    case 'counted':
    case 'exhausted':
      return { status, count: Number(detail) };
    default:
      throw new Error('unexpected approval reply');
  }
}

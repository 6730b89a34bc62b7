import { createHash } from 'node:crypto';

/** A Lua script and the SHA1 that EVALSHA knows it by. */
export interface RedisScript {
  name: string;
  source: string;
  sha: string;
}

function script(name: string, source: string): RedisScript {
  return { name, source, sha: createHash('sha1').update(source).digest('hex') };
}

/** KEYS[1] = record; ARGV = fields. */
const READ = `return redis.call('HMGET', KEYS[1], unpack(ARGV))`;

/** KEYS[1] = record; ARGV[1] = ttl ms, then field, delta pairs. HINCRBYFLOAT takes any number. */
const INCREMENT = `
local values = {}
for i = 2, #ARGV, 2 do
  values[#values + 1] = redis.call('HINCRBYFLOAT', KEYS[1], ARGV[i], ARGV[i + 1])
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return values`;

/** KEYS[1] = record; ARGV[1] = ttl ms, then field, value pairs. */
const WRITE = `
if #ARGV > 1 then redis.call('HSET', KEYS[1], unpack(ARGV, 2)) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

const CLEAR = `return redis.call('DEL', KEYS[1])`;

/** KEYS[1] = lease; ARGV = holder, ttl ms. */
const ACQUIRE_LEASE = `return redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) and 1 or 0`;

/** KEYS[1] = lease; ARGV = holder. Deletes only the holder's own lease. */
const RELEASE_LEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const PING = `return 1`;

/**
 * The breaker state machine, step for step the same as src/state/apply-breaker-command.ts
 * (keep the two in step). KEYS[1] = breaker record, KEYS[2] = probe lease, in one hash slot.
 * ARGV = kind, holder, leaseMs, result, probe, successes, consecutiveFailures, failureRatio,
 * minimumCalls, windowMs, openMs, ttlMs. Time is Redis's own (TIME), so process clocks may
 * disagree freely. Returns {state, admitted, probe, retryAfterMs, transition}.
 */
const BREAKER = `
local key, leaseKey = KEYS[1], KEYS[2]
local kind, holder, leaseMs, result = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
local isProbe, successes = ARGV[5] == '1', tonumber(ARGV[6])
local threshold, ratio, minimumCalls = tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
local windowMs, openMs, ttlMs = tonumber(ARGV[10]), tonumber(ARGV[11]), tonumber(ARGV[12])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)

local f = {}
local raw = redis.call('HGETALL', key)
for i = 1, #raw, 2 do f[raw[i]] = raw[i + 1] end
local function num(name) return tonumber(f[name] or '0') or 0 end
local function set(name, value)
  if type(value) == 'number' then f[name] = string.format('%.17g', value) else f[name] = value end
end
local function save()
  local flat = {}
  for name, value in pairs(f) do flat[#flat + 1] = name; flat[#flat + 1] = value end
  redis.call('HSET', key, unpack(flat))
  redis.call('PEXPIRE', key, ttlMs)
end

local state = f['state'] or 'closed'
local transition = 'none'
local bucket = math.floor(now / windowMs)
local storedBucket = bucket
if f['bucket'] then storedBucket = num('bucket') end
if storedBucket ~= bucket then
  local adjacent = storedBucket == bucket - 1
  set('previousTotal', adjacent and num('currentTotal') or 0)
  set('previousFailures', adjacent and num('currentFailures') or 0)
  set('currentTotal', 0)
  set('currentFailures', 0)
end
set('bucket', bucket)

local function resetCounts()
  for _, name in ipairs({'consecutive', 'currentTotal', 'currentFailures', 'previousTotal', 'previousFailures'}) do
    set(name, 0)
  end
end
local function open()
  state = 'open'
  transition = 'opened'
  set('state', state)
  set('openUntil', now + openMs)
  resetCounts()
end
local function reply(admitted, probe, retryAfterMs)
  save()
  return {state, admitted and 1 or 0, probe and 1 or 0, math.floor(retryAfterMs), transition}
end
local function recorded()
  local waitMs = 0
  if state == 'open' then waitMs = math.max(0, num('openUntil') - now) end
  return reply(true, false, waitMs)
end

if state == 'closed' and successes > 0 then
  set('consecutive', 0)
  set('currentTotal', num('currentTotal') + successes)
end

if kind == 'admit' then
  if state == 'open' then
    local waitMs = num('openUntil') - now
    if waitMs > 0 then return reply(false, false, waitMs) end
    state = 'half_open'
    transition = 'half_opened'
    set('state', state)
  end
  if state == 'half_open' then
    if redis.call('SET', leaseKey, holder, 'NX', 'PX', leaseMs) then return reply(true, true, 0) end
    return reply(false, false, math.max(1, redis.call('PTTL', leaseKey)))
  end
  return reply(true, false, 0)
end

if isProbe then
  if redis.call('GET', leaseKey) == holder then redis.call('DEL', leaseKey) end
  if state == 'half_open' and result == 'success' then
    state = 'closed'
    transition = 'closed'
    set('state', state)
    resetCounts()
  elseif state == 'half_open' and result == 'failure' then
    open()
  end
  return recorded()
end

if state ~= 'closed' or result == 'neutral' then return recorded() end
set('currentTotal', num('currentTotal') + 1)
if result == 'success' then
  set('consecutive', 0)
  return recorded()
end
local consecutive = num('consecutive') + 1
set('consecutive', consecutive)
set('currentFailures', num('currentFailures') + 1)
local weight = 1 - (now - bucket * windowMs) / windowMs
local total = num('previousTotal') * weight + num('currentTotal')
local failures = num('previousFailures') * weight + num('currentFailures')
if consecutive >= threshold or (total >= minimumCalls and failures / total >= ratio) then open() end
return recorded()`;

/** Every script the Redis store runs; each read-modify-write is one of them, so each is atomic. */
export const REDIS_SCRIPTS = {
  read: script('read', READ),
  increment: script('increment', INCREMENT),
  write: script('write', WRITE),
  clear: script('clear', CLEAR),
  acquireLease: script('acquireLease', ACQUIRE_LEASE),
  releaseLease: script('releaseLease', RELEASE_LEASE),
  ping: script('ping', PING),
  breaker: script('breaker', BREAKER),
} as const;

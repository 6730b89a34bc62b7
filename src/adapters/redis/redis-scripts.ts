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

/**
 * The run state machine, step for step the same as src/state/apply-run-command.ts (keep the two
 * in step). KEYS = record hash, its use-order zset, its reservations zset (one hash slot).
 * ARGV = kind, id, call, maxFailedCalls, maxSameFailures, shortCircuit, idleTtlMs,
 * maxLifetimeMs, maxKeys; then for `reserve`: unavailable key, lease ms; for `settle`: failed
 * (1/0), error key, class key, fatal (1/0), unavailable key, unavailable value. Fixed fields
 * start with '#', keyed counters never do. Time is Redis's own (TIME).
 */
const RUN = `
local rec, lru, res = KEYS[1], KEYS[2], KEYS[3]
local kind, id, call = ARGV[1], ARGV[2], ARGV[3]
local maxFailed, maxSame = tonumber(ARGV[4]), tonumber(ARGV[5])
local shortCircuit = ARGV[6] == '1'
local idleTtl, lifetime, maxKeys = tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)

local born = tonumber(redis.call('HGET', rec, '#b'))
if born and now >= born + lifetime then
  redis.call('DEL', rec, lru, res)
  born = nil
end
local function renew()
  if not born then
    born = now
    redis.call('HSET', rec, '#b', born)
  end
  local ttl = math.max(1, math.min(idleTtl, born + lifetime - now))
  redis.call('PEXPIRE', rec, ttl)
  redis.call('PEXPIRE', lru, ttl)
  redis.call('PEXPIRE', res, ttl)
end
local function num(field) return tonumber(redis.call('HGET', rec, field) or '0') or 0 end
local function bump(field)
  local value = redis.call('HINCRBY', rec, field, 1)
  redis.call('ZADD', lru, redis.call('HINCRBY', rec, '#s', 1), field)
  return value
end

if kind == 'reserve' then
  local halted = redis.call('HGET', rec, '#h')
  if halted then return {'halted', halted} end
  local failed = num('#f')
  if failed >= maxFailed then return {'capped', failed} end
  if shortCircuit then
    local cached = redis.call('HGET', rec, ARGV[10])
    if cached then
      failed = redis.call('HINCRBY', rec, '#f', 1)
      local sameCall, halt = 0, ''
      if redis.call('HEXISTS', rec, call) == 1 then
        sameCall = redis.call('HINCRBY', rec, call, 1)
        redis.call('ZADD', lru, redis.call('HINCRBY', rec, '#s', 1), call)
      end
      if sameCall >= maxSame then
        halt = 'repeated_failure'
        redis.call('HSETNX', rec, '#h', halt)
      end
      renew()
      return {'unavailable', failed, cached, sameCall, halt}
    end
  end
  redis.call('ZREMRANGEBYSCORE', res, '-inf', now)
  local members = redis.call('ZRANGE', res, 0, -1, 'WITHSCORES')
  local inFlight, same, nextExpiry = 0, 0, nil
  local suffix = '|' .. call
  for i = 1, #members, 2 do
    inFlight = inFlight + 1
    if string.sub(members[i], -#suffix) == suffix then same = same + 1 end
    local score = tonumber(members[i + 1])
    if nextExpiry == nil or score < nextExpiry then nextExpiry = score end
  end
  if failed + inFlight >= maxFailed or num(call) + same >= maxSame then
    local waitMs = 1
    if nextExpiry then waitMs = math.max(1, nextExpiry - now) end
    return {'wait', waitMs}
  end
  redis.call('ZADD', res, now + tonumber(ARGV[11]), id .. '|' .. call)
  renew()
  return {'admitted'}
end

local held = 0
if id ~= '' then held = redis.call('ZREM', res, id .. '|' .. call) end
if ARGV[10] ~= '1' then
  if held == 1 then renew() end
  return {'settled', num('#f'), 0, 0, 0, ''}
end
local failed = redis.call('HINCRBY', rec, '#f', 1)
local sameCall = bump(call)
local sameError = bump(ARGV[11])
local sameClass = bump(ARGV[12])
if ARGV[14] ~= '' and shortCircuit then
  redis.call('HSET', rec, ARGV[14], ARGV[15])
  redis.call('ZADD', lru, redis.call('HINCRBY', rec, '#s', 1), ARGV[14])
end
local excess = redis.call('ZCARD', lru) - maxKeys
if excess > 0 then
  local oldest = redis.call('ZRANGE', lru, 0, excess - 1)
  redis.call('ZREMRANGEBYRANK', lru, 0, excess - 1)
  redis.call('HDEL', rec, unpack(oldest))
end
local halt = ''
if ARGV[13] == '1' then halt = 'fatal' elseif sameCall >= maxSame then halt = 'repeated_failure' end
if halt ~= '' then redis.call('HSETNX', rec, '#h', halt) end
renew()
return {'settled', failed, sameCall, sameError, sameClass, halt}`;

/** KEYS = record, use-order zset, reservations zset. Returns {exists, failed, halted, keys, reservations, ttl}. */
const INSPECT = `
local rec, lru, res = KEYS[1], KEYS[2], KEYS[3]
if redis.call('EXISTS', rec) == 0 then return {0} end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local fixed = 0
for _, field in ipairs({'#b', '#s', '#f', '#h'}) do fixed = fixed + redis.call('HEXISTS', rec, field) end
return {1, redis.call('HGET', rec, '#f') or '0', redis.call('HGET', rec, '#h') or '',
  redis.call('HLEN', rec) - fixed, redis.call('ZCOUNT', res, '(' .. now, '+inf'), redis.call('PTTL', rec)}`;

/** KEYS = record, use-order zset, reservations zset. */
const CLEAR = `return redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])`;

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
  run: script('run', RUN),
  inspect: script('inspect', INSPECT),
  clear: script('clear', CLEAR),
  ping: script('ping', PING),
  breaker: script('breaker', BREAKER),
} as const;

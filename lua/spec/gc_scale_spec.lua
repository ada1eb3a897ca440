-- The NotBlittableStructRegistry at scale, on whichever collector the host
-- runs (the simulation's bdwgc, or Mono's Boehm through its hook variable):
-- R-SUD-2, R-GC-1.  One million live Tagged userdata, each holding its own
-- managed string, survive forced collections with every string intact,
-- then release in bulk.
local h = require "helpers"

local Tagged = CS.MyGame.Tagged

-- Under the forced Lua collector modes (gc-inc, gc-gen) every allocation
-- runs collector work: a tenth of the entries keeps those runs in budget;
-- the default mode (and so each runtime's plain run) holds the full million.
-- (tools/valgrind.sh asks for fewer through ZLUA_GC_SCALE_N, for the same
-- reason.)
local N = (testbed.gc_mode == "default" or testbed.gc_mode == nil) and 1000000 or 100000
N = math.min(N, tonumber(os.getenv("ZLUA_GC_SCALE_N")) or N)

-- Built in a helper frame, so no dead register of the test keeps a Tagged.
local function build(n)
  local live = {}
  for i = 1, n do
    live[i] = Tagged(i, "t" .. i)   -- a managed string of its own per entry
  end
  return live
end

local function check(live, n)
  for i = 1, n do
    local t = live[i]
    if t.id ~= i or t.name ~= "t" .. i then
      return ("entry %d damaged: id %s, name %s"):format(i, tostring(t.id), tostring(t.name))
    end
  end
  return nil
end

describe("R-SUD-2: the registry at scale on the runtime's collector (" .. testbed.runtime .. ")",
  function()
  it("R-SUD-2: " .. N .. " live non-blittable entries survive forced collections", function()
    h.full_gc(2)
    local baseline = h.structs()
    local holder = { live = build(N) }
    assert.are.equal(baseline + N, h.structs())
    testbed.gc()
    testbed.gc()
    assert.is_nil(check(holder.live, N))
    -- the strings are garbage to the collector but for the registry's roots:
    -- a collection with the Lua side idle must not have touched them
    collectgarbage()
    testbed.gc()
    assert.is_nil(check(holder.live, N))

    holder.live = nil
    for _ = 1, 20 do
      h.full_gc(1)
      if h.structs() == baseline then break end
    end
    -- every entry released (the registry count is exact)
    assert.are.equal(baseline, h.structs())
  end)
end)

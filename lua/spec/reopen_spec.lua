-- reopen_spec.lua -- R-LIB-1: libzlua's invariants do not rest on the
-- debug.setlocal zlua_open installs.  A script reopens the standard debug
-- library through package.loadlib (the liblua this process maps) and uses
-- its setlocal on libzlua's C frames from finalizers that run inside
-- libzlua calls; every call must end with a correct result or a clear
-- error, never a memory error (run it under ASan: ctest -R reopen).
local h = require("helpers")

-- The libraries this process maps whose name starts with liblua (Linux:
-- /proc/self/maps; busted's own C modules are among them).
local function liblua_paths()
  local f = io and io.open("/proc/self/maps", "r")
  local out, seen = {}, {}
  if not f then return out end
  for line in f:lines() do
    local p = line:match("(/%S*/liblua[^/%s]*%.so[%w%.]*)%s*$")
    if p and not seen[p] then seen[p] = true out[#out + 1] = p end
  end
  f:close()
  return out
end

-- The standard debug library a script opens anew through the package
-- library: package.loadlib of the luaopen_debug of a mapped liblua; nil
-- when there is none (Lua linked statically, no package.loadlib).
local function loadlib_debug_opener()
  if not (package and package.loadlib) then return nil end
  for _, path in ipairs(liblua_paths()) do
    local ok, open = pcall(package.loadlib, path, "luaopen_debug")
    if ok and type(open) == "function" then return open, path end
  end
  return nil
end

local C_FRAME = "zlua: debug.setlocal cannot write a C function's stack"

-- setlocal aimed at a C frame: pcall's, below the function it runs
-- (level 2 from inside it).  The standard setlocal would write it; the
-- guarded one refuses.
local function setlocal_in_c_frame(setlocal)
  local ok, err = pcall(function() return setlocal(2, 1, nil) end)
  assert.is_false(ok)
  return (tostring(err):gsub("^[^:]*:%d+: ", ""))   -- the message, not where
end

describe("R-LIB-1: every debug library a script can open refuses C frames", function()
  local open, path = loadlib_debug_opener()
  if not open then
    pending("package.loadlib reaches no liblua in this host")
    return
  end

  it("R-LIB-1: package.loadlib(liblua, 'luaopen_debug') opens a debug library with libzlua's setlocal",
     function()
    local d = open()
    assert.are.equal(C_FRAME, setlocal_in_c_frame(d.setlocal))
    -- Lua frames are written as the standard setlocal writes them
    local function f()
      local x = 1
      assert.are.equal("x", d.setlocal(1, 1, 2))
      return x
    end
    assert.are.equal(2, f())
  end)

  it("R-LIB-1: require('debug') through a cpath naming liblua opens the same", function()
    local saved_loaded, saved_cpath = package.loaded.debug, package.cpath
    package.loaded.debug = nil
    package.cpath = path
    local ok, d = pcall(require, "debug")
    package.loaded.debug, package.cpath = saved_loaded, saved_cpath
    assert.is_true(ok, tostring(d))
    assert.are.equal(C_FRAME, setlocal_in_c_frame(d.setlocal))
  end)

  it("R-LIB-1: a package library opened anew is guarded the same way", function()
    local openpkg = package.loadlib(path, "luaopen_package")
    local saved_require = require
    local pkg = openpkg()
    require = saved_require   -- luaopen_package sets a global require of its own
    local d = pkg.loadlib(path, "luaopen_debug")()
    assert.are.equal(C_FRAME, setlocal_in_c_frame(d.setlocal))
  end)

  it("R-LIB-1: zlua_loadlib_disable: no package.loadlib, no C searcher, Lua modules still load",
     function()
    local ok, msg = testbed.sandbox({ no_cmodules = true },
                                    "return package.loadlib(" .. ("%q"):format(path)
                                    .. ", 'luaopen_debug')")
    assert.is_false(ok)
    assert.is_truthy(msg:find("zlua: package.loadlib is disabled in this state "
                              .. "(zlua_loadlib_disable)", 1, true), msg)
    -- require finds no C module however cpath is set; preload still serves
    ok, msg = testbed.sandbox({ no_cmodules = true },
                              "package.loaded.debug = nil package.cpath = "
                              .. ("%q"):format(path) .. " return select(2, pcall(require, 'debug'))")
    assert.is_true(ok)
    assert.is_truthy(msg:find("module 'debug' not found", 1, true), msg)
    assert.is_nil(msg:find("no file", 1, true) and msg:find(path, 1, true))
    ok, msg = testbed.sandbox({ no_cmodules = true },
                              "package.preload.m = function() return 'lua module' end "
                              .. "return require('m')")
    assert.is_true(ok)
    assert.are.equal("lua module", msg)
  end)

  it("R-LIB-1: the guards hold nothing a script could call around them", function()
    assert.is_nil(debug.getupvalue(package.loadlib, 1))
    for i = 1, #package.searchers do
      local name, v = debug.getupvalue(package.searchers[i], 1)
      assert.is_true(name == nil or rawequal(v, package), tostring(name))
    end
  end)
end)

-- Defense in depth: even with a debug library whose setlocal writes C
-- frames (the host's test-only testbed.full_debug, the standard one
-- opened directly), libzlua's C functions re-read nothing a finalizer
-- can change under them.
local dbg = testbed.full_debug and testbed.full_debug() or nil


-- The stack level, as the caller of level_of counts (1: itself), of the
-- innermost frame running fn, or nil.
local function level_of(fn)
  for l = 2, 200 do
    local info = dbg.getinfo(l, "f")
    if not info then return nil end
    if rawequal(info.func, fn) then return l - 1 end
  end
end

-- Garbage whose finalizer, once run inside a call of fn, sets that call's
-- argument `slot` to nil (and re-arms itself while fn is not running).
local function arm_nil_arg(fn, slot, hits)
  -- a collector running from a clean cycle, whatever an earlier spec of
  -- the process left (stopped, generational, mid-cycle)
  collectgarbage("restart")
  collectgarbage("incremental", 200, 100, 13)
  collectgarbage()
  local function make()
    setmetatable({}, { __gc = function()
      local l = level_of(fn)
      if l then
        assert(dbg.setlocal(l, slot, nil) ~= nil)
        hits.n = hits.n + 1
      elseif hits.n == 0 then
        make()
      end
    end })
  end
  make()
end

describe("R-LIB-1: libzlua's C frames rewritten by an unrestricted setlocal", function()
  if not dbg then
    pending("this host has no testbed.full_debug")
    return
  end
  after_each(function()
    collectgarbage("incremental", 200, 100, 13)
    collectgarbage()
  end)

  it("R-LIB-1: the unrestricted setlocal writes a C frame's slot", function()
    assert.are_not.equal(debug.setlocal, dbg.setlocal)
    local hits = { n = 0 }
    arm_nil_arg(zlua.to_table, 1, hits)
    -- until a collection cycle ends inside the loop (how many allocations
    -- that takes grows with the heap: the whole suite in one process)
    local t
    for _ = 1, 50 do
      collectgarbage("incremental", 0, 1000, 13)
      t = zlua.to_table(CS.Demo.Points(3000))
      collectgarbage("incremental", 200, 100, 13)
      if hits.n > 0 then break end
    end
    assert.are.equal(1, hits.n)
    assert.are.equal(3000, #t)
  end)

  it("R-LIB-1: zlua.to_table: the array argument set to nil by a finalizer mid-loop", function()
    local hits = { n = 0 }
    arm_nil_arg(zlua.to_table, 1, hits)
    -- the array is reachable from the C frame only: nil there, it is
    -- finalized twice and freed while the loop still runs (tried until a
    -- cycle ends inside the loop, as above)
    local t
    for _ = 1, 20 do
      collectgarbage("incremental", 0, 1000, 13)   -- a step at nearly every allocation
      t = zlua.to_table(CS.Demo.Points(20000))
      collectgarbage("incremental", 200, 100, 13)
      if hits.n > 0 then break end
    end
    assert.are.equal(1, hits.n)
    assert.are.equal(20000, #t)
    for i = 1, #t, 997 do
      assert.are.equal("byval", h.kind(t[i]))
    end
  end)

  it("R-LIB-1: zlua.to_table: the result table replaced by a number mid-loop", function()
    local hits = { n = 0 }
    local function make()
      setmetatable({}, { __gc = function()
        local l = level_of(zlua.to_table)
        -- the table being filled, once the C function has made it (and
        -- before its last element: slot 3 holds the element pushed)
        if l and dbg.getlocal(l, 3) then
          assert(dbg.setlocal(l, 2, 12345) ~= nil)
          hits.n = hits.n + 1
        elseif hits.n == 0 then
          make()
        end
      end })
    end
    make()
    collectgarbage("incremental", 0, 1000, 13)
    local ok, err = pcall(zlua.to_table, CS.Demo.Points(20000))
    collectgarbage("incremental", 200, 100, 13)
    -- the finalizer does not always land inside the loop (the collector's
    -- pace differs by mode); when it did, the store raised
    assert.is_true(hits.n <= 1)
    if hits.n == 1 then
      assert.is_false(ok)
      assert.is_truthy(tostring(err):find("attempt to index a number value", 1, true), err)
    else
      assert.is_true(ok)
    end
  end)

  it("R-LIB-1: zlua.to_bytes: the argument set to nil while its string is made", function()
    local hits = { n = 0 }
    arm_nil_arg(zlua.to_bytes, 1, hits)
    collectgarbage("incremental", 0, 1000, 13)
    local s = zlua.to_bytes(CS.Demo.MakeByteArray(100000))
    collectgarbage("incremental", 200, 100, 13)
    assert.are.equal(100000, #s)
  end)

  it("R-LIB-1: pairs over an array: the collection set to nil in the loop's state", function()
    local Demo = CS.Demo
    local count = 0
    local ok, err = pcall(function()
      for i, p in pairs(Demo.Points(10)) do
        count = count + 1
        if i == 3 then
          -- the generic for's hidden state (the collection) of this
          -- frame: Lua 5.4 names its four slots "(for state)"; the second
          local seen = 0
          for n = 1, 20 do
            local name = dbg.getlocal(1, n)
            if name == "(for state)" then
              seen = seen + 1
              if seen == 2 then dbg.setlocal(1, n, nil) break end
            end
          end
          collectgarbage(); collectgarbage(); collectgarbage()
        end
      end
    end)
    assert.are.equal(4, count)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("bad argument #1 to 'pairs' iterator", 1, true), err)
  end)
end)

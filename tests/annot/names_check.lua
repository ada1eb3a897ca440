-- names_check.lua ANNOTATIONS (run by zlua-run or zlua-run-mono; ctest
-- annot.fixtures.names, annot.game.names): the names the generated
-- annotations give against the names libzlua binds, in a live state.
--
-- Each type table's class (`---@class CS.X: zlua.TypeTable`): every
-- field and function it annotates must read from the real type table
-- without `has no member`, and every name the type table's statics hold
-- (methods, constants, full-signature keys) must be annotated.  Each
-- instance class of a type that can be made without arguments (a
-- struct's default, a class's parameterless constructor): every field
-- and method it annotates must read from such an instance without
-- `has no member` or `cannot be accessed through an instance`.
local path = assert(arg[1], "usage: names_check.lua ANNOTATIONS")
local f = assert(io.open(path, "rb"))
local text = f:read("a")
f:close()

-- the generated file's blocks: a class and the names it annotates
local classes, order = {}, {}
local current
for line in text:gmatch("[^\n]*") do
  local name, parent = line:match("^%-%-%-@class ([^%s:]+):? ?([^\n]*)")
  if name then
    current = {name = name, parent = parent, names = {}, list = {}, calls = {}}
    classes[name] = current
    order[#order + 1] = current
  elseif current then
    local field = line:match("^%-%-%-@field ([%a_][%w_]*) ") or line:match('^%-%-%-@field %["(.-)"%] ')
    local fn = line:match("^function [CT][.:]([%a_][%w_]*)%(")
    local call = line:match("^%-%-%-@overload fun%((.-)%)")
    for _, n in ipairs({field or false, fn or false}) do
      if n and not current.names[n] then
        current.names[n] = true
        current.list[#current.list + 1] = n
      end
    end
    if call then current.calls[#current.calls + 1] = call end
  end
end

-- the type tables: CS's keys name them ("MyGame.Point2D" -> CS.MyGame.Point2D)
local tables = {}
assert(classes.CS, path .. " has no class CS")
for line in text:gmatch("[^\n]*") do
  local full, class = line:match('^%-%-%-@field %["(.-)"%] (CS%.[^%s]+)$')
  if not full then full, class = line:match("^%-%-%-@field ([%a_][%w_]*) (CS%.[^%s]+)$") end
  if full and classes[class] and not class:find("^CS%.namespace%.") then tables[class] = full end
end

local problems, checked = {}, 0
local function problem(fmt, ...) problems[#problems + 1] = string.format(fmt, ...) end
local function unbound(err)
  err = tostring(err)
  return err:find("has no member", 1, true) or err:find("cannot be accessed through an instance", 1, true)
end
local meta = {__fullname = true, __name = true, __assembly = true, _ctor = true, _default = true}

for class, full in pairs(tables) do
  local ok, T = pcall(function() return CS[full] end)
  if not ok then
    problem("%s: CS[%q] raises %s", class, full, tostring(T))
  else
    local c = classes[class]
    for _, name in ipairs(c.list) do
      checked = checked + 1
      local fine, err = pcall(function() return T[name] end)
      if not fine and unbound(err) then problem("%s.%s is annotated but not bound: %s", full, name, err) end
    end
    -- the statics table: every name a script can read from T
    local statics = debug.getmetatable(T).__index
    for k in pairs(statics) do
      if type(k) == "string" and not k:find("^__") and not c.names[k] and not meta[k] then
        problem("%s.%s is bound but not annotated", full, k)
      end
    end
    -- an instance made without arguments: its annotated members
    local inst_class = classes[class:sub(4)]
    local makes = T.__struct and not T.__enum
    for _, call in ipairs(c.calls) do makes = makes or call == "" end
    if inst_class and makes and not T.__nullable then
      local made, obj = pcall(function() return T() end)
      if made and obj ~= nil then
        for _, name in ipairs(inst_class.list) do
          checked = checked + 1
          local fine, err = pcall(function() return obj[name] end)
          if not fine and unbound(err) then
            problem("%s instance: %s is annotated but not bound: %s", full, name, err)
          end
        end
      end
    end
  end
end

if #problems > 0 then
  table.sort(problems)
  error(#problems .. " problems:\n" .. table.concat(problems, "\n"), 0)
end
local n = 0
for _ in pairs(tables) do n = n + 1 end
print(string.format("names_check: %d type tables, %d names, all bound as annotated", n, checked))

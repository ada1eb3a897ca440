-- zlua_lib_check.lua ZLUA_LUA LIB_C (run by zlua-run; ctest annot.zlua_lib):
-- the hand-written annotations of the `zlua` library (tools/annot/zlua.lua)
-- against the library a state really has.  Fails on a function or field
-- the library has and the file lacks, or the other way round, and on a
-- zlua.types key either side lacks (the library's keys are read from
-- src/lib/lib.c, whose table zlua.types serves: it cannot be listed).
local file, lib_c = arg[1], arg[2]
assert(file and lib_c, "usage: zlua_lib_check.lua ZLUA_LUA LIB_C")

local function read(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

local text = read(file)
local problems = {}
local function problem(fmt, ...)
  problems[#problems + 1] = string.format(fmt, ...)
end

-- what the file declares: functions of zlua, fields of the classes
-- `zlua` and `zlua.types`
local declared_fns, declared_fields, declared_types = {}, {}, {}
for name in text:gmatch("\nfunction zlua%.([%w_]+)%(") do
  declared_fns[name] = true
end
local class
for line in text:gmatch("[^\n]+") do
  local c = line:match("^%-%-%-@class ([%w_.]+)")
  if c then
    class = c
  elseif not line:match("^%-%-%-@field") then
    if not line:match("^%-%-%-") then class = nil end
  else
    local f = line:match("^%-%-%-@field ([%w_]+)")
    if class == "zlua" then declared_fields[f] = true end
    if class == "zlua.types" then declared_types[f] = true end
  end
end

-- the library a state has
local count = 0
for k, v in pairs(zlua) do
  count = count + 1
  if type(v) == "function" then
    if not declared_fns[k] then problem("zlua.%s is a function the annotations lack", k) end
  elseif not declared_fields[k] then
    problem("zlua.%s (a %s) is a field the annotations lack", k, type(v))
  end
end
assert(count > 0, "the state has no zlua library")
for k in pairs(declared_fns) do
  if type(zlua[k]) ~= "function" then
    problem("function zlua.%s is annotated but the library has %s", k, type(zlua[k]))
  end
end
for k in pairs(declared_fields) do
  if zlua[k] == nil or type(zlua[k]) == "function" then
    problem("field zlua.%s is annotated but the library has %s", k, type(zlua[k]))
  end
end

-- zlua.types: the library's keys, from the table in src/lib/lib.c
local lib_types, nlib = {}, 0
for key in read(lib_c):gmatch('{"([%w_]+)", "System%.[%w_]+"}') do
  lib_types[key] = true
  nlib = nlib + 1
end
assert(nlib > 10, "no zlua.types keys found in " .. lib_c)
for k in pairs(lib_types) do
  if not declared_types[k] then problem("zlua.types.%s is a key the annotations lack", k) end
end
for k in pairs(declared_types) do
  local ok, t = pcall(function() return zlua.types[k] end)
  if not ok or type(t) ~= "table" or type(t.__fullname) ~= "string" then
    problem("zlua.types.%s is annotated but is no type table (%s)", k, tostring(t))
  end
  if not lib_types[k] then problem("zlua.types.%s is annotated but not in %s", k, lib_c) end
end

if #problems > 0 then
  table.sort(problems)
  error(table.concat(problems, "\n"), 0)
end
print(string.format("zlua library and %s agree: %d entries, %d zlua.types keys",
                    file, count, nlib))

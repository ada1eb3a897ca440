-- lfs for the emulated runs (tests/cross/busted/README.md): what Penlight's
-- pl.path asks when busted runs spec files named on its command line.
local M = {}

-- "file", "directory" or nil: a directory opens for reading on POSIX and
-- refuses to be read (EISDIR, 21); on Windows it does not open at all.
local function mode(p)
  local f = io.open(p, "r")
  if not f then return nil end
  local ok, _, code = f:read(0)
  f:close()
  if ok == nil and code == 21 then return "directory" end
  return "file"
end

function M.attributes(p, what)
  local m = mode(p)
  if not m then return nil, p .. ": No such file or directory", 2 end
  local t = { mode = m }
  if what ~= nil then return t[what] end
  return t
end
M.symlinkattributes = M.attributes

function M.currentdir()
  return os.getenv("PWD") or "."
end

function M.chdir(d)
  if d == "." or d == M.currentdir() then return true end
  return nil, "lfs stand-in: cannot change directory to " .. d
end

local function unsupported(what)
  return function() error("lfs stand-in: " .. what .. " is not available", 2) end
end
M.dir = unsupported("listing a directory")
M.mkdir = unsupported("making a directory")
M.rmdir = unsupported("removing a directory")

return M

-- term.core for the emulated runs (tests/cross/busted/README.md): the
-- output is never taken for a terminal.
return {
  isatty = function() return false end,
}

-- tests/scale/wide_spec.lua: a type binds every member, however many
-- (R-BIND-1).  Run with the generated assembly of 3 classes of 800 static
-- methods `int M<j>(int x) => x + j` (tests/scale/scale.cmake): on the
-- simulation through ZLUA_SIM_EXTRA_CLASSES / ZLUA_SIM_EXTRA_MEMBERS, on
-- Mono and in the Editor's configuration through --assembly Generated.dll.
describe("a type of 800 methods", function()
  it("binds every one, the last as the first", function()
    local C = CS.Gen.N0.C0
    for j = 0, 799 do
      assert.are.equal(10 + j, C["M" .. j](10))
    end
  end)

  it("binds them on every type, each its own", function()
    for i = 1, 2 do
      local C = CS["Gen.N0.C" .. i]
      assert.are.equal(799, C.M799(0))
      assert.are.equal(512, C.M512(0))
    end
  end)

  it("has no member past its last", function()
    local ok, err = pcall(function() return CS.Gen.N0.C0.M800 end)
    assert.is_false(ok)
    assert.is_truthy(err:find("'Gen.N0.C0' has no member 'M800'", 1, true), err)
  end)
end)

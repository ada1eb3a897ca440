-- type tables and constructors (R-CTOR-1).
local h = require "helpers"

describe("type tables", function()
  local Point2D = CS.MyGame.Point2D

  describe("every path returns the same cached table", function()
    it("CS namespace walk, CS full name, CSharp[assembly][fullName]", function()
      assert.are.equal("table", type(Point2D))
      assert.is_true(rawequal(Point2D, CS.MyGame.Point2D))
      assert.is_true(rawequal(Point2D, CS["MyGame.Point2D"]))
      assert.is_true(rawequal(Point2D, CSharp["Assembly-CSharp"]["MyGame.Point2D"]))
      assert.is_true(rawequal(Point2D, CSharp.AC["MyGame.Point2D"]))
    end)

    it("a global-namespace type: CS.Demo, CSharp.AC.Demo", function()
      assert.are.equal("table", type(CS.Demo))
      assert.is_true(rawequal(CS.Demo, CS["Demo"]))
      assert.is_true(rawequal(CS.Demo, CSharp.AC.Demo))
      assert.is_true(rawequal(CS.Demo, CSharp["Assembly-CSharp"].Demo))
    end)

    it("CSharp.AC['MyGame.Color'] and CS.MyGame.Color", function()
      assert.is_true(rawequal(CSharp.AC["MyGame.Color"], CS.MyGame.Color))
      assert.is_true(rawequal(CSharp.AC["MyGame.Color"],
                              CSharp["Assembly-CSharp"]["MyGame.Color"]))
    end)

    it("CSharp.mscorlib['System.Int32'], CS.System.Int32, zlua.types.int (R-REF-4)", function()
      local Int32 = CSharp.mscorlib["System.Int32"]
      assert.are.equal("table", type(Int32))
      assert.is_true(rawequal(Int32, CS.System.Int32))
      assert.is_true(rawequal(Int32, CS["System.Int32"]))
      assert.is_true(rawequal(Int32, zlua.types.int))
      assert.is_true(rawequal(Int32, zlua.types.int32))
    end)
  end)

  -- IL2CPP cannot list namespaces without creating a class for every type
  --, so a plain name that is no type reads as a namespace
  -- table; using it as a type raises.
  describe("unknown names", function()
    it("CS.MyGame.Nope is a namespace table; CS.MyGame.Nope() raises "
       .. "'type or namespace not found: MyGame.Nope'", function()
        assert.are.equal("table", type(CS.MyGame.Nope))
        h.raises("type or namespace not found: MyGame.Nope", function() return CS.MyGame.Nope() end)
        -- below a namespace a class was found in, the first name that is none
        h.raises("type or namespace not found: MyGame.Nope",
                 function() return CS.MyGame.Nope.Deeper(1, 2) end)
      end)
    it("a probed name leaves nothing behind; a namespace with a class is cached", function()
      local ns = CS.MyGame
      local _ = ns.Nope, ns.Nope.Deeper, CS.NoSuchNamespace
      assert.is_nil(rawget(h.lookup_cache(ns), "Nope"))
      assert.is_nil(rawget(h.lookup_cache(CS), "NoSuchNamespace"))
      assert.is_true(rawequal(ns.Point2D, Point2D))
      assert.is_true(rawequal(CS.MyGame, CS.MyGame))
      assert.is_true(rawequal(rawget(h.lookup_cache(CS), "MyGame"), CS.MyGame))
      assert.is_true(rawequal(rawget(h.lookup_cache(CS.MyGame), "Point2D"), Point2D))
      assert.is_nil(next(CS.MyGame))   -- the table itself is an empty proxy
    end)
    it("a dotted key is a full type name: CS.System['Nope.X'] raises", function()
      h.raises("type not found: System.Nope.X", function() return CS.System["Nope.X"] end)
      h.raises("type not found: MyGame.Point2D+Inner",
               function() return CS["MyGame.Point2D+Inner"] end)
    end)
    it("CSharp with an unknown assembly raises 'assembly not found'", function()
      h.raises("assembly not found: NoSuchAssembly", function() return CSharp.NoSuchAssembly end)
      assert.is_true(rawequal(CSharp["Assembly-CSharp.dll"]["MyGame.Point2D"], Point2D))
    end)
    it("CS['MyGame.Nope'] raises the same", function()
      h.raises("type not found: MyGame.Nope", function() return CS["MyGame.Nope"] end)
    end)
    it("CSharp.AC['MyGame.Nope'] raises the same", function()
      h.raises("type not found: MyGame.Nope", function() return CSharp.AC["MyGame.Nope"] end)
    end)
    it("a type looked up in the wrong assembly is not found", function()
      h.raises("type not found: MyGame.Point2D",
               function() return CSharp.mscorlib["MyGame.Point2D"] end)
    end)
  end)

  -- Exactly one of __struct / __enum / __nullable applies; the others are
  -- absent and read nil (meta keys are not members: no R-SHAPE-3 error).
  describe("meta keys", function()
    it("a struct: __fullname, __name, __assembly, __struct, __valuetype", function()
      assert.are.equal("MyGame.Point2D", Point2D.__fullname)
      assert.are.equal("Point2D", Point2D.__name)
      assert.are.equal("Assembly-CSharp", Point2D.__assembly)
      assert.are.equal(true, Point2D.__struct)
      assert.are.equal(true, Point2D.__valuetype)
      assert.is_nil(Point2D.__enum)
      assert.is_nil(Point2D.__nullable)
    end)

    it("an enum: __enum only", function()
      local Color = CS.MyGame.Color
      assert.are.equal("MyGame.Color", Color.__fullname)
      assert.are.equal("Color", Color.__name)
      assert.are.equal("Assembly-CSharp", Color.__assembly)
      assert.are.equal(true, Color.__enum)
      assert.is_nil(Color.__struct)
      assert.is_nil(Color.__nullable)
    end)

    it("a static class: none of __struct / __enum / __nullable", function()
      local Demo = CS.Demo
      assert.are.equal("Demo", Demo.__fullname)
      assert.are.equal("Demo", Demo.__name)
      assert.are.equal("Assembly-CSharp", Demo.__assembly)
      assert.is_nil(Demo.__struct)
      assert.is_nil(Demo.__enum)
      assert.is_nil(Demo.__nullable)
    end)

    it("a corlib value type: System.Int32 in mscorlib", function()
      local Int32 = CS.System.Int32
      assert.are.equal("System.Int32", Int32.__fullname)
      assert.are.equal("Int32", Int32.__name)
      assert.are.equal("mscorlib", Int32.__assembly)
      assert.are.equal(true, Int32.__valuetype)
    end)
  end)

  describe("instance metatables (R-SHAPE-1)", function()
    it("T.__instance_mt == T.__byval_instance_mt", function()
      assert.are.equal("table", type(Point2D.__instance_mt))
      assert.is_true(rawequal(Point2D.__instance_mt, Point2D.__byval_instance_mt))
    end)

    it("the ByVal metatable has __type == T and __zlua_ud_kind == 'byval'", function()
      local mt = Point2D.__instance_mt
      assert.is_true(rawequal(Point2D, mt.__type))
      assert.are.equal("byval", mt.__zlua_ud_kind)
    end)

    it("the ByObj metatable has __type == T and __zlua_ud_kind == 'byobj'", function()
      local mt = Point2D.__byobj_instance_mt
      assert.are.equal("table", type(mt))
      assert.is_false(rawequal(mt, Point2D.__instance_mt))
      assert.is_true(rawequal(Point2D, mt.__type))
      assert.are.equal("byobj", mt.__zlua_ud_kind)
    end)

    it("a struct instance carries the ByVal metatable, which is protected", function()
      local p = Point2D(1, 2)
      assert.are.equal("userdata", type(p))
      local live = debug.getmetatable(p)
      assert.are.equal("byval", live.__zlua_ud_kind)
      assert.is_true(rawequal(live.__index, Point2D.__instance_mt.__index))
      assert.are.equal(false, getmetatable(p))
    end)

    it("__instance_mt is a read-only view, not the live metatable", function()
      local p = Point2D(1, 2)
      local view = Point2D.__instance_mt
      assert.is_false(rawequal(debug.getmetatable(p), view))
      assert.is_false(getmetatable(view))
      for _, key in ipairs({"__gc", "__index", "__newindex", "x"}) do
        local ok, err = pcall(function() view[key] = false end)
        assert.is_false(ok)
        assert.is_truthy(err:find("zlua: MyGame.Point2D.__instance_mt is read-only", 1, true))
      end
      local ok, err = pcall(function() CS.MyGame.Tagged.__byobj_instance_mt.__gc = nil end)
      assert.is_false(ok)
      assert.is_truthy(err:find("zlua: MyGame.Tagged.__byobj_instance_mt is read-only", 1, true))
      assert.is_nil(rawget(view, "__index"))   -- nothing is stored in the view itself
      local keys = {}
      for k in pairs(view) do keys[k] = true end
      assert.is_true(keys.__index and keys.__newindex and keys.__type and true)
      assert.are.equal(1, p.x)
      -- pairs never hands the live metatable to script code (a replaced
      -- global next would receive it and could change it)
      local seen
      local real_next = next
      rawset(_G, "next", function(t, k) seen = t return real_next(t, k) end)
      local ok = pcall(function() for _ in pairs(view) do end end)
      rawset(_G, "next", real_next)
      assert.is_true(ok)
      assert.is_false(rawequal(seen, debug.getmetatable(p)))
    end)

    it("ByVal metatables of different types are distinct", function()
      local Line = CS.MyGame.Line
      assert.is_false(rawequal(Line.__instance_mt, Point2D.__instance_mt))
      assert.is_true(rawequal(Line, Line.__instance_mt.__type))
    end)
  end)
end)

-- What the lookups keep in upvalues, a script can rewrite.
describe("lookup upvalues rewritten by a script", function()
  it("an assembly table whose upvalue is swapped raises and dereferences nothing", function()
    local t = CSharp.mscorlib
    local idx = h.lookup_resolver(t)
    local _, saved = debug.getupvalue(idx, 1)
    debug.setupvalue(idx, 1, io.stdout)
    local ok, err = pcall(function() return t["System.Nope"] end)
    debug.setupvalue(idx, 1, saved)
    assert.is_false(ok)
    assert.is_truthy(err:find("zlua: tampered upvalue (assembly expected)", 1, true))
    assert.is_true(rawequal(t["System.Int32"], CS.System.Int32))
  end)

  it("namespace parents rewritten into a cycle: publishing stops", function()
    local root_index = h.lookup_resolver(CS)
    local root = h.lookup_cache(CS)
    local t1, t2 = root_index(root, "MyGame"), root_index(root, "MyGame")
    assert.is_false(rawequal(t1, t2))   -- not cached before a class is found
    local i1, i2 = h.lookup_resolver(t1), h.lookup_resolver(t2)
    -- upvalues: 1 prefix, 2 the parent's cache, 3 the key there, 4 the proxy
    debug.setupvalue(i1, 2, h.lookup_cache(t2))
    debug.setupvalue(i1, 3, "b")
    debug.setupvalue(i2, 2, h.lookup_cache(t1))
    debug.setupvalue(i2, 3, "a")
    assert.is_true(rawequal(t1.Point2D, CS.MyGame.Point2D))
    assert.is_true(rawequal(rawget(h.lookup_cache(t2), "b"), t1))
    debug.setupvalue(i1, 2, {})
    debug.setupvalue(i1, 3, 42)   -- not a key: nothing published
    assert.is_true(rawequal(t1.Color, CS.MyGame.Color))
    debug.setupvalue(i1, 1, {})
    h.raises_containing("zlua: tampered upvalue (namespace expected)",
                        function() return t1.Line end)
  end)
end)

describe("constructors (R-CTOR-1)", function()
  local Point2D = CS.MyGame.Point2D
  local Tagged = CS.MyGame.Tagged

  it("Point2D(1, 2) runs the public constructor, result is a ByValUserData", function()
    local p = Point2D(1, 2)
    assert.are.equal("userdata", type(p))
    assert.are.equal("byval", h.kind(p))
    assert.is_true(rawequal(Point2D, h.type_of(p)))
    assert.are.equal(1, p.x)
    assert.are.equal(2, p.y)
    assert.are.equal("float", math.type(p.x))
  end)

  it("Point2D._ctor(1, 2) is the same constructor", function()
    local p = Point2D._ctor(1, 2)
    assert.are.equal("byval", h.kind(p))
    assert.are.equal(1, p.x)
    assert.are.equal(2, p.y)
  end)

  it("non-integral arguments reach the float fields unchanged", function()
    local p = Point2D(1.5, -0.25)
    assert.are.equal(1.5, p.x)
    assert.are.equal(-0.25, p.y)
  end)

  it("Point2D._default() and Point2D() give default(T)", function()
    for _, p in ipairs({ Point2D._default(), Point2D() }) do
      assert.are.equal("byval", h.kind(p))
      assert.are.equal(0, p.x)
      assert.are.equal(0, p.y)
    end
  end)

  it("each constructor call yields a distinct userdata", function()
    local a, b = Point2D(1, 2), Point2D(1, 2)
    assert.is_false(rawequal(a, b))
    a.x = 7
    assert.are.equal(1, b.x)
  end)

  it("Point2D.Created counts constructor calls; default(T) runs no constructor", function()
    local c0 = Point2D.Created
    assert.are.equal("integer", math.type(c0))
    Point2D(1, 2)
    assert.are.equal(c0 + 1, Point2D.Created)
    Point2D._ctor(3, 4)
    assert.are.equal(c0 + 2, Point2D.Created)
    Point2D()
    Point2D._default()
    assert.are.equal(c0 + 2, Point2D.Created)
  end)

  it("Tagged(1, 'a') constructs a non-blittable struct", function()
    local t = Tagged(1, "a")
    assert.are.equal("byval", h.kind(t))
    assert.are.equal(1, t.id)
    assert.are.equal("a", t.name)
    assert.is_nil(t.payload)
  end)

  it("Tagged() is default(T): zero id, null references", function()
    local t = Tagged()
    assert.are.equal(0, t.id)
    assert.is_nil(t.name)
    assert.is_nil(t.payload)
  end)

  it("constructor arguments are checked like method arguments (R-DEF-1)", function()
    h.raises_containing("System.Single expected, got string",
                        function() return Point2D("a", 2) end)
    h.error_of(function() return Point2D(1) end)
    h.error_of(function() return Point2D(1, 2, 3) end)
  end)

  it("a static class: CS.Demo() raises \"'Demo' has no public constructor\"", function()
    h.raises("'Demo' has no public constructor", function() return CS.Demo() end)
  end)

  it("an interface: CS.MyGame.IShape() raises \"'MyGame.IShape' has no public constructor\"",
    function()
      h.raises("'MyGame.IShape' has no public constructor",
               function() return CS.MyGame.IShape() end)
    end)

  it("enum type tables have no constructor (R-ENUM-2)", function()
    local Color = CS.MyGame.Color
    h.error_of(function() return Color(1) end)
    local ok, ctor = pcall(function() return Color._ctor end)
    assert.is_true(not ok or ctor == nil, "an enum type table exposes _ctor")
  end)
end)

---@meta zlua
-- The `zlua` library and the classes the generated annotations build on
-- (docs/lua-api.md), written by hand for editors and checkers; a test
-- (ctest annot.zlua_lib) fails when the library has a function this file
-- lacks, or this file one the library lacks.

---@class zlua.TypeTable
---@field __fullname string
---@field __name string
---@field __assembly string
---@field __struct boolean
---@field __valuetype boolean
---@field __enum boolean
---@field __nullable boolean
---@field __instance_mt table
---@field __byval_instance_mt table
---@field __byobj_instance_mt table

-- A C# array (R-ARR-1): indexed from 0, `#a` its length.
---@class zlua.Array<T>
---@field [integer] T
---@field Length integer
---@field Rank integer
local Array = {}
---@param ... integer the indices, one per dimension
---@return T
function Array:get(...) end
---@param ... any the indices, one per dimension, then the value
function Array:set(...) end
---@param dimension integer
---@return integer
function Array:GetLength(dimension) end

-- A generic type's definition, by its plain name (`G.List`) or with its
-- arity (G["List`1"]): zlua.generic(G.List, T1, ...) gives an instance's
-- type table (R-GEN-1).
---@class zlua.GenericType

-- A generic method definition (R-GEN-1): call the function
-- zlua.generic(m, T1, ...) gives.
---@class zlua.GenericMethod

-- A type argument (R-REF-4): a type table or a CLR full name.
---@alias zlua.Type zlua.TypeTable|string

-- zlua.types (R-REF-4): the corlib types' tables.
---@class zlua.types
---@field void zlua.TypeTable
---@field bool zlua.TypeTable
---@field char zlua.TypeTable
---@field byte zlua.TypeTable
---@field sbyte zlua.TypeTable
---@field short zlua.TypeTable
---@field ushort zlua.TypeTable
---@field int zlua.TypeTable
---@field int32 zlua.TypeTable
---@field uint zlua.TypeTable
---@field long zlua.TypeTable
---@field ulong zlua.TypeTable
---@field float zlua.TypeTable
---@field double zlua.TypeTable
---@field intptr zlua.TypeTable
---@field uintptr zlua.TypeTable
---@field decimal zlua.TypeTable
---@field object zlua.TypeTable
---@field string zlua.TypeTable
---@field int8 zlua.TypeTable
---@field uint8 zlua.TypeTable
---@field int16 zlua.TypeTable
---@field uint16 zlua.TypeTable
---@field uint32 zlua.TypeTable
---@field int64 zlua.TypeTable
---@field uint64 zlua.TypeTable

---@class zlua
---@field version string libzlua's version
---@field types zlua.types
zlua = {}

-- The value of the C# slot an OpaqueValue handle names (R-OPQ-7).
---@param h lightuserdata
---@return any
function zlua.get_opaquevalue(h) end

-- Writes v into the C# slot of h (R-OPQ-8).
---@param h lightuserdata
---@param v any
function zlua.set_opaquevalue(h, v) end

-- An independent copy of the value h names (R-OPQ-9).
---@param h lightuserdata
---@return any
function zlua.to_user_data(h) end

-- Boxes the value type T (R-BOX-1).
---@param T zlua.Type
---@param v any
---@return any
function zlua.box(T, v) end

-- The value inside a boxed value type.
---@param b any
---@return any
function zlua.unbox(b) end

-- The same object viewed as T.
---@param obj any
---@param T zlua.Type
---@return any
function zlua.cast(obj, T) end

-- A ref of the value type T (R-REF-3): default(T), a value, T's
-- constructor arguments, or a copy of a T.
---@param T zlua.Type
---@param ... any
---@return any
function zlua.new_ref(T, ...) end

-- A 1-based Lua table of a one-dimensional array's elements.
---@generic E
---@param a zlua.Array<E>
---@return E[]
function zlua.to_table(a) end

-- The elements' bytes as one Lua string (blittable elements).
---@param a zlua.Array<any>
---@return string
function zlua.to_bytes(a) end

-- One instantiation of a generic method, or a closed generic type's
-- table (R-GEN-1): (method, T1, ...), (type table, "Method", T1, ...),
-- (generic definition or its namespace table, T1, ...).
---@param what function|zlua.GenericMethod|zlua.TypeTable|table
---@param ... zlua.Type
---@return any
function zlua.generic(what, ...) end

-- T's System.Type object.
---@param T zlua.Type
---@return any
function zlua.typeof(T) end

-- The C# exception behind an error value, and its runtime type's name;
-- nil for anything else.
---@param err any
---@return any|nil exception
---@return string|nil type_name
function zlua.exception(err) end

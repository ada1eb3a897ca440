/* A program built against an installed libzlua (tools/install-check.sh). */
#include <stdio.h>

#include <lauxlib.h>
#include <lualib.h>
#include <zlua.h>

int main(void)
{
    zlua_stats st;
    lua_State *L = luaL_newstate();
    /* without zlua_open the state has no context: the call reports it */
    int rc = zlua_state_stats(L, &st);
    lua_close(L);
    printf("zlua %s: zlua_state_stats without zlua_open -> %d\n", ZLUA_VERSION, rc);
    return rc == ZLUA_ESTATE ? 0 : 1;
}

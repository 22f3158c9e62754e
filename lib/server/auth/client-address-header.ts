/** better-auth reads the client address from this header only; handleAuthRequest always rewrites it. */
export const CLIENT_ADDRESS_HEADER = "x-focal-client-address";

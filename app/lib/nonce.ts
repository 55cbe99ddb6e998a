import { createContext, useContext } from 'react';

/** The per-request CSP nonce, for the few inline scripts the server renders. Empty in the browser. */
export const NonceContext = createContext('');
export const useNonce = () => useContext(NonceContext);

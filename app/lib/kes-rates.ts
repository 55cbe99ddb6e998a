import { createContext, useContext } from 'react';
import { DEFAULT_KES_RATES, type KesRates } from '#kernel/money.ts';

/** The server's Ksh rates (config.kesRates), for "≈ Ksh …" beside prices in other currencies; the root layout provides them from its loader. */
export const KesRatesContext = createContext<KesRates>(DEFAULT_KES_RATES);

export const useKesRates = () => useContext(KesRatesContext);

/** After saving an address page, go to the address book after 1 s. */
export const ADDRESS_SAVED_REDIRECT_MS = 1000;

/** A hidden field of the address form: the form stays where it is after saving (the cart's dialog). */
export const STAY_FIELD = 'stay';

import type { Program } from '@portal/contract';
import type { InitialSelection } from '../../features/invoices/selection';

// The navigation state the anticipation pages hand each other
// (docs/product/screens-and-routes.md#client-state). Its own module so the route modules import it instead of
// importing one another.

/**
 * Navigation state of the invoices page (and the history's way back to it): the chosen program and, from the
 * simulation's way back, the selection to open with (docs/product/screens-and-routes.md#invoice-selection).
 */
export type InvoicesState = { program?: Program; selection?: InitialSelection };

/** Navigation state of the simulation: the program and the selected credit ids. */
export type SimulationState = { program?: Program; creditIds?: number[] };

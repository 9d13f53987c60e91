/**
 * The store's whole state as one type, and nothing else: the leaf the slices (in their
 * features) and `base/state` name it from without importing the store module (type-only;
 * the layering check in `src/layers.test.ts` allows exactly these imports of this file).
 */
import type { DraftSlice } from '../../features/composer/draftSlice';
import type { EnvironmentsSlice } from '../../features/environments/environmentsSlice';
import type { ExchangeSlice } from '../../features/inspector/exchangeSlice';
import type { SendSlice } from '../../features/send/sendSlice';
import type { WorkspaceSlice } from '../../features/workspace/workspaceSlice';
import type { SoapSlice } from '../../features/soap/soapSlice';
import type { ChecksSlice } from '../../features/checks/checksSlice';
import type { UiSlice } from './uiSlice';

export type WorkbenchState = DraftSlice & ExchangeSlice & SendSlice & EnvironmentsSlice & WorkspaceSlice & SoapSlice & UiSlice & ChecksSlice;

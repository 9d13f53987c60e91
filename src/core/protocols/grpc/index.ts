/** gRPC's pure part: settings, the descriptor model, samples, message checks, status codes, deadlines, the call's events and transcript. */
export * from './settings';
export * from './statusCodes';
export * from './deadline';
export * from './descriptorModel';
export * from './messageSample';
export * from './messageCheck';
export * from './address';
export * from './callModel';
export * from './grpcExchange';

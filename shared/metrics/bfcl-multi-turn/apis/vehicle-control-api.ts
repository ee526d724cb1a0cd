import { getOwn, hasOwn, isDict, PyFloat, pyEquals, pyIn, setOwn } from '../../bfcl/values';
import { defineApiClass, type BfclApi, type PyParam } from '../api';
import { num, truediv } from '../py-num';
import { PyRandom } from '../py-random';
import { DISTANCES, ZIP_CODES } from './vehicle-control-places';
import { pyArithmetic, pyFloat, pyGetItem } from './py-builtins';
import { compare, iterate, pyTruthy } from './py-ops';
import {
  CAR_STATUS_METADATA,
  INTERMEDIARY_CITIES,
  longWeatherHistory,
  PARKING_BRAKE_INSTRUCTION,
} from './vehicle-control-long-context';

/**
 * BFCL's VehicleControlAPI: a car's engine, doors, climate, lights, brakes, cruise control and
 * trip helpers, answering and changing state exactly as the leaderboard's class does. Arguments
 * arrive as whatever the model wrote, so every operation on them goes through Python's semantics.
 */

const f = (x: number) => new PyFloat(x);

const MAX_FUEL_LEVEL = 50;
const MIN_FUEL_LEVEL = f(0);
const MILES_PER_GALLON = f(20);
const FULL_BRAKE_FORCE = 1000;
const DEFAULT_RANDOM_SEED = 141053;

const DOORS = ['driver', 'passenger', 'rear_left', 'rear_right'] as const;

/** The state a scenario starts from for every key it leaves out (a fresh copy each load). */
function defaultState(): Record<string, unknown> {
  return {
    fuelLevel: f(0),
    batteryVoltage: 12.6,
    engineState: 'stopped',
    doorStatus: Object.fromEntries(DOORS.map((door) => [door, 'unlocked'])),
    acTemperature: f(25),
    fanSpeed: 50,
    acMode: 'auto',
    humidityLevel: f(50),
    headLightStatus: 'off',
    parkingBrakeStatus: 'released',
    parkingBrakeForce: f(0),
    slopeAngle: f(0),
    brakePedalStatus: 'released',
    brakePedalForce: f(0),
    distanceToNextVehicle: f(50),
    cruiseStatus: 'inactive',
    destination: 'None',
    frontLeftTirePressure: f(32),
    frontRightTirePressure: f(32),
    rearLeftTirePressure: f(30),
    rearRightTirePressure: f(30),
  };
}

/**
 * One car. Fields hold Python values (an int, a `PyFloat`, or whatever a call stored there), and
 * the public ones are named as the leaderboard's attributes so `publicState` is `vars(self)`.
 */
export class VehicleControl implements BfclApi {
  random = new PyRandom(DEFAULT_RANDOM_SEED);
  fuelLevel: unknown;
  batteryVoltage: unknown;
  engine_state: unknown;
  remainingUnlockedDoors: unknown;
  doorStatus: Record<string, unknown> = {};
  acTemperature: unknown;
  fanSpeed: unknown;
  acMode: unknown;
  humidityLevel: unknown;
  headLightStatus: unknown;
  parkingBrakeStatus: unknown;
  brakePedalStatus: unknown;
  distanceToNextVehicle: unknown;
  cruiseStatus: unknown;
  destination: unknown;
  frontLeftTirePressure: unknown;
  frontRightTirePressure: unknown;
  rearLeftTirePressure: unknown;
  rearRightTirePressure: unknown;
  long_context = false;
  // Left out of the state, as the leaderboard's underscored attributes are.
  parkingBrakeForce: unknown;
  slopeAngle: unknown;
  brakePedalForce: unknown;

  loadScenario(scenario: Record<string, unknown>, longContext: boolean): void {
    const defaults = defaultState();
    const read = (key: string) => (hasOwn(scenario, key) ? scenario[key] : defaults[key]);
    this.random = new PyRandom(hasOwn(scenario, 'random_seed') ? num(scenario['random_seed']) : DEFAULT_RANDOM_SEED);
    this.fuelLevel = read('fuelLevel');
    this.batteryVoltage = read('batteryVoltage');
    this.engine_state = read('engineState');
    const doorStatus = read('doorStatus');
    this.doorStatus = isDict(doorStatus) ? doorStatus : {};
    // The count is always recomputed from the doors, whatever the scenario says it is.
    this.remainingUnlockedDoors = 4 - Object.values(this.doorStatus).filter((s) => pyEquals(s, 'locked')).length;
    this.acTemperature = read('acTemperature');
    this.fanSpeed = read('fanSpeed');
    this.acMode = read('acMode');
    this.humidityLevel = read('humidityLevel');
    this.headLightStatus = read('headLightStatus');
    this.parkingBrakeStatus = read('parkingBrakeStatus');
    this.parkingBrakeForce = read('parkingBrakeForce');
    this.slopeAngle = read('slopeAngle');
    this.brakePedalStatus = read('brakePedalStatus');
    this.brakePedalForce = read('brakePedalForce');
    this.distanceToNextVehicle = read('distanceToNextVehicle');
    this.cruiseStatus = read('cruiseStatus');
    this.destination = read('destination');
    this.frontLeftTirePressure = read('frontLeftTirePressure');
    this.frontRightTirePressure = read('frontRightTirePressure');
    this.rearLeftTirePressure = read('rearLeftTirePressure');
    this.rearRightTirePressure = read('rearRightTirePressure');
    this.long_context = longContext;
  }

  publicState(): Record<string, unknown> {
    return {
      fuelLevel: this.fuelLevel,
      batteryVoltage: this.batteryVoltage,
      engine_state: this.engine_state,
      remainingUnlockedDoors: this.remainingUnlockedDoors,
      doorStatus: this.doorStatus,
      acTemperature: this.acTemperature,
      fanSpeed: this.fanSpeed,
      acMode: this.acMode,
      humidityLevel: this.humidityLevel,
      headLightStatus: this.headLightStatus,
      parkingBrakeStatus: this.parkingBrakeStatus,
      brakePedalStatus: this.brakePedalStatus,
      distanceToNextVehicle: this.distanceToNextVehicle,
      cruiseStatus: this.cruiseStatus,
      destination: this.destination,
      frontLeftTirePressure: this.frontLeftTirePressure,
      frontRightTirePressure: this.frontRightTirePressure,
      rearLeftTirePressure: this.rearLeftTirePressure,
      rearRightTirePressure: this.rearRightTirePressure,
      long_context: this.long_context,
    };
  }

  startEngine(ignitionMode: unknown) {
    if (pyEquals(ignitionMode, 'STOP')) this.engine_state = 'stopped';
    if (compare(this.remainingUnlockedDoors, '>', 0)) {
      const unlocked = Object.keys(this.doorStatus).filter((door) => pyEquals(this.doorStatus[door], 'unlocked'));
      return {
        error: `All doors must be locked before starting the engine. Here are the unlocked doors: ${unlocked.join(', ')}`,
      };
    }
    if (!pyEquals(this.brakePedalStatus, 'pressed'))
      return { error: 'Brake pedal needs to be pressed when starting the engine.' };
    if (!pyEquals(this.brakePedalForce, f(FULL_BRAKE_FORCE)))
      return { error: 'Must press the brake fully before starting the engine.' };
    if (compare(this.fuelLevel, '<', MIN_FUEL_LEVEL)) return { error: 'Fuel tank is empty.' };
    if (!pyEquals(ignitionMode, 'START')) return { error: 'Invalid ignition mode.' };
    this.engine_state = 'running';
    return { engineState: this.engine_state, fuelLevel: this.fuelLevel, batteryVoltage: this.batteryVoltage };
  }

  fillFuelTank(fuelAmount: unknown) {
    if (compare(fuelAmount, '<', 0)) return { error: 'Fuel amount cannot be negative.' };
    const filled = pyArithmetic('+', this.fuelLevel, fuelAmount);
    if (compare(filled, '>', MAX_FUEL_LEVEL)) return { error: 'Cannot fill gas above the tank capacity.' };
    if (compare(filled, '<', MIN_FUEL_LEVEL)) return { error: 'Fuel tank is empty. Min fuel level is 0 gallons.' };
    this.fuelLevel = filled;
    return { fuelLevel: this.fuelLevel };
  }

  lockDoors(unlock: unknown, door: unknown) {
    const wanted = pyTruthy(unlock) ? 'unlocked' : 'locked';
    for (const name of iterate(door)) {
      if (pyEquals(pyGetItem(this.doorStatus, name), wanted)) continue;
      setOwn(this.doorStatus, name as string, wanted);
      this.remainingUnlockedDoors = pyArithmetic(wanted === 'unlocked' ? '+' : '-', this.remainingUnlockedDoors, 1);
    }
    return { lockStatus: wanted, remainingUnlockedDoors: this.remainingUnlockedDoors };
  }

  adjustClimateControl(temperature: unknown, unit: unknown, fanSpeed: unknown, mode: unknown) {
    if (!(compare(0, '<=', fanSpeed) && compare(fanSpeed, '<=', 100)))
      return { error: 'Fan speed must be between 0 and 100.' };
    // Set before the conversion, so a temperature that cannot be converted is still stored.
    this.acTemperature = temperature;
    if (pyEquals(unit, 'fahrenheit'))
      this.acTemperature = truediv(pyArithmetic('*', pyArithmetic('-', temperature, 32), 5), 9);
    this.fanSpeed = fanSpeed;
    this.acMode = mode;
    return { currentACTemperature: temperature, climateMode: mode, humidityLevel: this.humidityLevel };
  }

  outsideTemperatureFromGoogle() {
    const outsideTemperature = f(this.random.uniform(-10, 40));
    if (this.long_context) return { ...longWeatherHistory(), outsideTemperature };
    return { outsideTemperature };
  }

  setHeadlights(mode: unknown) {
    if (!pyIn(mode, ['on', 'off', 'auto'])) return { error: 'Invalid headlight mode.' };
    // "auto" switches them off, as the leaderboard's class does.
    this.headLightStatus = pyEquals(mode, 'on') ? 'on' : 'off';
    return { headlightStatus: this.headLightStatus };
  }

  displayCarStatus(option: unknown) {
    const sections = this.statusSections();
    const shown =
      typeof option === 'string' && hasOwn(sections, option) ? sections[option] : { error: 'Invalid option' };
    return this.long_context ? { metadata: CAR_STATUS_METADATA, ...shown } : shown;
  }

  private statusSections(): Record<string, Record<string, unknown>> {
    return {
      fuel: { fuelLevel: this.fuelLevel },
      battery: { batteryVoltage: this.batteryVoltage },
      doors: { doorStatus: this.doorStatus },
      climate: {
        currentACTemperature: this.acTemperature,
        fanSpeed: this.fanSpeed,
        climateMode: this.acMode,
        humidityLevel: this.humidityLevel,
      },
      headlights: { headlightStatus: this.headLightStatus },
      parkingBrake: {
        parkingBrakeStatus: this.parkingBrakeStatus,
        parkingBrakeForce: this.parkingBrakeForce,
        slopeAngle: this.slopeAngle,
      },
      brakePedal: { brakePedalStatus: this.brakePedalStatus, brakePedalForce: this.brakePedalForce },
      engine: { engineState: this.engine_state },
    };
  }

  activateParkingBrake(mode: unknown) {
    if (!pyIn(mode, ['engage', 'release'])) return { error: 'Invalid mode' };
    const engage = pyEquals(mode, 'engage');
    this.parkingBrakeStatus = engage ? 'engaged' : 'released';
    this.parkingBrakeForce = f(engage ? 500 : 0);
    this.slopeAngle = f(10);
    const answer = {
      parkingBrakeStatus: this.parkingBrakeStatus,
      _parkingBrakeForce: this.parkingBrakeForce,
      _slopeAngle: this.slopeAngle,
    };
    return this.long_context ? { parkingBrakeInstruction: PARKING_BRAKE_INSTRUCTION, ...answer } : answer;
  }

  pressBrakePedal(pedalPosition: unknown) {
    if (!(compare(0, '<=', pedalPosition) && compare(pedalPosition, '<=', 1)))
      return { error: 'Pedal position must be between 0 and 1.' };
    if (pyEquals(pedalPosition, 0)) return this.releaseBrakePedal();
    this.brakePedalStatus = 'pressed';
    this.brakePedalForce = pyArithmetic('*', pedalPosition, FULL_BRAKE_FORCE);
    return { brakePedalStatus: 'pressed', brakePedalForce: pyFloat(this.brakePedalForce) };
  }

  releaseBrakePedal() {
    this.brakePedalStatus = 'released';
    this.brakePedalForce = f(0);
    return { brakePedalStatus: 'released', brakePedalForce: f(0) };
  }

  setCruiseControl(speed: unknown, activate: unknown, distanceToNextVehicle: unknown) {
    const distance = pyFloat(distanceToNextVehicle);
    const currentSpeed = pyFloat(speed);
    if (pyEquals(this.engine_state, 'stopped'))
      return { error: 'Start the engine before activating the cruise control.' };
    // The distance is kept even when the speed is refused.
    this.distanceToNextVehicle = distance;
    if (pyTruthy(activate)) {
      const s = currentSpeed.value;
      // JavaScript's % agrees with Python's for the speeds left (0 to 120, or NaN, which is refused).
      if (s < 0 || s > 120 || s % 5 !== 0) return { error: 'Invalid speed' };
      this.cruiseStatus = 'active';
    } else {
      this.cruiseStatus = 'inactive';
    }
    return { cruiseStatus: this.cruiseStatus, currentSpeed, distanceToNextVehicle: distance };
  }

  currentSpeed() {
    return { currentSpeed: f(this.random.uniform(0, 120)) };
  }

  canDrive(distance: unknown) {
    return { canDrive: !compare(pyArithmetic('*', this.fuelLevel, MILES_PER_GALLON), '<', distance) };
  }

  estimateDistance(cityA: unknown, cityB: unknown) {
    const pair = DISTANCES.find(
      ([a, b]) => (pyEquals(cityA, a) && pyEquals(cityB, b)) || (pyEquals(cityA, b) && pyEquals(cityB, a)),
    );
    const answer: Record<string, unknown> = pair
      ? { distance: f(pair[2]) }
      : { error: 'distance not found in database.' };
    if (this.long_context) answer['intermediaryCities'] = [...INTERMEDIARY_CITIES];
    return answer;
  }

  setNavigation(destination: unknown) {
    // Stored before the message is built, so a destination that is not text is kept all the same.
    this.destination = destination;
    return { status: pyArithmetic('+', 'Navigating to ', destination) };
  }

  checkTirePressure() {
    const pressures = {
      frontLeftTirePressure: this.frontLeftTirePressure,
      frontRightTirePressure: this.frontRightTirePressure,
      rearLeftTirePressure: this.rearLeftTirePressure,
      rearRightTirePressure: this.rearRightTirePressure,
    };
    const total = Object.values(pressures).reduce((sum, p) => pyArithmetic('+', sum, p));
    const average = truediv(total, 4);
    return {
      ...pressures,
      healthy_tire_pressure: compare(30, '<=', average) && compare(average, '<=', 35),
      car_info: this.long_context ? CAR_STATUS_METADATA : {},
    };
  }
}

const param = (name: string): PyParam => ({ name });
const optional = (name: string, value: unknown): PyParam => ({ name, default: value });

export const vehicleControlApi = defineApiClass<VehicleControl>({
  name: 'VehicleControlAPI',
  stateless: false,
  create: () => new VehicleControl(),
  methods: {
    activateParkingBrake: { params: [param('mode')], run: (car, a) => car.activateParkingBrake(a['mode']) },
    adjustClimateControl: {
      params: [param('temperature'), optional('unit', 'celsius'), optional('fanSpeed', 50), optional('mode', 'auto')],
      run: (car, a) => car.adjustClimateControl(a['temperature'], a['unit'], a['fanSpeed'], a['mode']),
    },
    check_tire_pressure: { params: [], run: (car) => car.checkTirePressure() },
    displayCarStatus: { params: [param('option')], run: (car, a) => car.displayCarStatus(a['option']) },
    display_log: { params: [param('messages')], run: (_car, a) => ({ log: a['messages'] }) },
    estimate_distance: {
      params: [param('cityA'), param('cityB')],
      run: (car, a) => car.estimateDistance(a['cityA'], a['cityB']),
    },
    estimate_drive_feasibility_by_mileage: {
      params: [param('distance')],
      run: (car, a) => car.canDrive(a['distance']),
    },
    fillFuelTank: { params: [param('fuelAmount')], run: (car, a) => car.fillFuelTank(a['fuelAmount']) },
    find_nearest_tire_shop: { params: [], run: () => ({ shopLocation: '456 Oakwood Avenue, Rivermist, 83214' }) },
    gallon_to_liter: {
      params: [param('gallon')],
      run: (_car, a) => ({ liter: pyArithmetic('*', a['gallon'], 3.78541) }),
    },
    get_current_speed: { params: [], run: (car) => car.currentSpeed() },
    get_outside_temperature_from_google: { params: [], run: (car) => car.outsideTemperatureFromGoogle() },
    // The leaderboard's second weather source always fails this way.
    get_outside_temperature_from_weather_com: { params: [], run: () => ({ error: 404 }) },
    get_zipcode_based_on_city: {
      params: [param('city')],
      run: (_car, a) => ({ zipcode: (typeof a['city'] === 'string' && getOwn(ZIP_CODES, a['city'])) || '00000' }),
    },
    liter_to_gallon: {
      params: [param('liter')],
      run: (_car, a) => ({ gallon: pyArithmetic('*', a['liter'], 0.264172) }),
    },
    lockDoors: { params: [param('unlock'), param('door')], run: (car, a) => car.lockDoors(a['unlock'], a['door']) },
    pressBrakePedal: { params: [param('pedalPosition')], run: (car, a) => car.pressBrakePedal(a['pedalPosition']) },
    releaseBrakePedal: { params: [], run: (car) => car.releaseBrakePedal() },
    setCruiseControl: {
      params: [param('speed'), param('activate'), param('distanceToNextVehicle')],
      run: (car, a) => car.setCruiseControl(a['speed'], a['activate'], a['distanceToNextVehicle']),
    },
    setHeadlights: { params: [param('mode')], run: (car, a) => car.setHeadlights(a['mode']) },
    set_navigation: { params: [param('destination')], run: (car, a) => car.setNavigation(a['destination']) },
    startEngine: { params: [param('ignitionMode')], run: (car, a) => car.startEngine(a['ignitionMode']) },
  },
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CAR_STATUS_METADATA,
  INTERMEDIARY_CITIES,
  PARKING_BRAKE_INSTRUCTION,
} from '../../../../shared/metrics/bfcl-multi-turn/apis/vehicle-control-long-context';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';
import { pyJsonDumps } from '../../../../shared/metrics/bfcl-multi-turn/py-num';
import { parseExactJson } from '../../../../shared/metrics/bfcl/exact-json';
import { isDict, setOwn } from '../../../../shared/metrics/bfcl/values';

// Every expected result and state below was printed by the leaderboard's own VehicleControlAPI,
// run through its execute_multi_turn_func_call on these scenarios and calls.

/** A car of our own: one door unlocked, the parking brake on, an int among the tire pressures. */
const CAR = parseExactJson(`{
  "fuelLevel": 12.5, "batteryVoltage": 12.4, "engineState": "stopped",
  "doorStatus": {"driver": "locked", "passenger": "unlocked", "rear_left": "locked", "rear_right": "locked"},
  "acTemperature": 21.0, "fanSpeed": 40, "acMode": "cool", "humidityLevel": 40.0, "headLightStatus": "off",
  "parkingBrakeStatus": "engaged", "parkingBrakeForce": 500.0, "slopeAngle": 5.0, "distanceToNextVehicle": 40.0,
  "cruiseStatus": "inactive", "destination": "None", "frontLeftTirePressure": 29.0,
  "frontRightTirePressure": 29.5, "rearLeftTirePressure": 28.0, "rearRightTirePressure": 30}`) as Record<
  string,
  unknown
>;

/** The state of CAR once loaded, as `vars()` shows it; `changes` are written over it. */
function carState(changes: Record<string, unknown> = {}): string {
  const state = parseExactJson(`{"fuelLevel": 12.5, "batteryVoltage": 12.4, "engine_state": "stopped",
    "remainingUnlockedDoors": 1,
    "doorStatus": {"driver": "locked", "passenger": "unlocked", "rear_left": "locked", "rear_right": "locked"},
    "acTemperature": 21.0, "fanSpeed": 40, "acMode": "cool", "humidityLevel": 40.0, "headLightStatus": "off",
    "parkingBrakeStatus": "engaged", "brakePedalStatus": "released", "distanceToNextVehicle": 40.0,
    "cruiseStatus": "inactive", "destination": "None", "frontLeftTirePressure": 29.0, "frontRightTirePressure": 29.5,
    "rearLeftTirePressure": 28.0, "rearRightTirePressure": 30, "long_context": false}`) as Record<string, unknown>;
  for (const [k, v] of Object.entries(changes)) setOwn(state, k, v);
  return canonical(state);
}

/** Keys sorted, ints and floats kept apart: two states print the same exactly when they are equal. */
function canonical(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (!isDict(v)) return v;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) setOwn(out, k, sorted(v[k]));
    return out;
  };
  return pyJsonDumps(sorted(value));
}

/** Runs the calls in order on one car and checks each result; answers the car's state. */
function drive(config: Record<string, unknown>, steps: [call: string, result: string][], longContext = false) {
  const world = new BfclWorld(['VehicleControlAPI'], { VehicleControlAPI: config }, longContext);
  const results = world.execute(steps.map(([call]) => call));
  expect(results).toEqual(steps.map(([, result]) => result));
  return canonical(world.instances.get('VehicleControlAPI')!.publicState());
}

const parsed = (result: string) => JSON.parse(result) as Record<string, unknown>;

describe('VehicleControlAPI', () => {
  it('loads a scenario, counting the unlocked doors from the doors themselves, and defaults the rest', () => {
    expect(drive(CAR, [])).toBe(carState());
    expect(drive({}, [])).toBe(
      canonical(
        parseExactJson(`{"fuelLevel": 0.0, "batteryVoltage": 12.6, "engine_state": "stopped",
          "remainingUnlockedDoors": 4, "doorStatus": {"driver": "unlocked", "passenger": "unlocked",
          "rear_left": "unlocked", "rear_right": "unlocked"}, "acTemperature": 25.0, "fanSpeed": 50, "acMode": "auto",
          "humidityLevel": 50.0, "headLightStatus": "off", "parkingBrakeStatus": "released",
          "brakePedalStatus": "released", "distanceToNextVehicle": 50.0, "cruiseStatus": "inactive",
          "destination": "None", "frontLeftTirePressure": 32.0, "frontRightTirePressure": 32.0,
          "rearLeftTirePressure": 30.0, "rearRightTirePressure": 30.0, "long_context": false}`),
      ),
    );
  });

  it('starts the engine only with every door locked and the brake pressed fully; STOP stops it and fails', () => {
    const state = drive(CAR, [
      [
        "startEngine(ignitionMode='START')",
        '{"error": "All doors must be locked before starting the engine. Here are the unlocked doors: passenger"}',
      ],
      ["lockDoors(unlock=False, door=['passenger'])", '{"lockStatus": "locked", "remainingUnlockedDoors": 0}'],
      ["startEngine(ignitionMode='START')", '{"error": "Brake pedal needs to be pressed when starting the engine."}'],
      ['pressBrakePedal(pedalPosition=0.5)', '{"brakePedalStatus": "pressed", "brakePedalForce": 500.0}'],
      ["startEngine(ignitionMode='START')", '{"error": "Must press the brake fully before starting the engine."}'],
      ['pressBrakePedal(pedalPosition=1)', '{"brakePedalStatus": "pressed", "brakePedalForce": 1000.0}'],
      ["startEngine(ignitionMode='RUN')", '{"error": "Invalid ignition mode."}'],
      ["startEngine(ignitionMode='START')", '{"engineState": "running", "fuelLevel": 12.5, "batteryVoltage": 12.4}'],
      ["displayCarStatus(option='engine')", '{"engineState": "running"}'],
      ["startEngine(ignitionMode='STOP')", '{"error": "Invalid ignition mode."}'],
      ["displayCarStatus(option='engine')", '{"engineState": "stopped"}'],
    ]);
    expect(state).toBe(
      carState({
        remainingUnlockedDoors: 0,
        doorStatus: { driver: 'locked', passenger: 'locked', rear_left: 'locked', rear_right: 'locked' },
        brakePedalStatus: 'pressed',
      }),
    );
  });

  it('fills the tank up to 50 gallons, keeping an int level an int, and converts units as floats', () => {
    const state = drive(CAR, [
      ['fillFuelTank(fuelAmount=10)', '{"fuelLevel": 22.5}'],
      ['fillFuelTank(fuelAmount=-1)', '{"error": "Fuel amount cannot be negative."}'],
      ['fillFuelTank(fuelAmount=30)', '{"error": "Cannot fill gas above the tank capacity."}'],
      [
        "fillFuelTank(fuelAmount='10')",
        "Error during execution: '<' not supported between instances of 'str' and 'int'",
      ],
      ['fillFuelTank(fuelAmount=27.5)', '{"fuelLevel": 50.0}'],
      ["displayCarStatus('fuel')", '{"fuelLevel": 50.0}'],
      ['estimate_drive_feasibility_by_mileage(distance=1000)', '{"canDrive": true}'],
      ['estimate_drive_feasibility_by_mileage(distance=1000.5)', '{"canDrive": false}'],
      [
        "estimate_drive_feasibility_by_mileage(distance='1')",
        "Error during execution: '<' not supported between instances of 'float' and 'str'",
      ],
      ['liter_to_gallon(liter=30)', '{"gallon": 7.925160000000001}'],
      ['gallon_to_liter(gallon=10)', '{"liter": 37.8541}'],
      ["liter_to_gallon(liter='3')", "Error during execution: can't multiply sequence by non-int of type 'float'"],
      [
        'gallon_to_liter(gallon=None)',
        "Error during execution: unsupported operand type(s) for *: 'NoneType' and 'float'",
      ],
    ]);
    expect(state).toBe(carState({ fuelLevel: parseExactJson('50.0') }));
    drive({ fuelLevel: 5 }, [
      ['fillFuelTank(fuelAmount=10)', '{"fuelLevel": 15}'],
      ['fillFuelTank(fuelAmount=True)', '{"fuelLevel": 16}'],
      ['fillFuelTank(fuelAmount=0.5)', '{"fuelLevel": 16.5}'],
    ]);
  });

  it('locks and unlocks doors, counting only those that change, and fails on a door it does not have', () => {
    const state = drive(CAR, [
      [
        "lockDoors(unlock=True, door=['driver', 'rear_left'])",
        '{"lockStatus": "unlocked", "remainingUnlockedDoors": 3}',
      ],
      ["lockDoors(unlock=True, door=['driver'])", '{"lockStatus": "unlocked", "remainingUnlockedDoors": 3}'],
      ["lockDoors(unlock=[], door=('driver', 'passenger'))", '{"lockStatus": "locked", "remainingUnlockedDoors": 1}'],
      ["lockDoors(unlock=False, door='driver')", "Error during execution: 'd'"],
      ["lockDoors(unlock=False, door=[['rear_left']])", "Error during execution: unhashable type: 'list'"],
      ['lockDoors(unlock=True, door=5)', "Error during execution: 'int' object is not iterable"],
      // The rear right door is unlocked before the unknown one fails the call.
      ["lockDoors(unlock=True, door=['rear_right', 'trunk'])", "Error during execution: 'trunk'"],
      [
        "displayCarStatus(option='doors')",
        '{"doorStatus": {"driver": "locked", "passenger": "locked", "rear_left": "unlocked", "rear_right": "unlocked"}}',
      ],
      [
        'lockDoors(True)',
        "Error during execution: VehicleControlAPI.lockDoors() missing 1 required positional argument: 'door'",
      ],
    ]);
    expect(state).toBe(
      carState({
        remainingUnlockedDoors: 2,
        doorStatus: { driver: 'locked', passenger: 'locked', rear_left: 'unlocked', rear_right: 'unlocked' },
      }),
    );
  });

  it('sets the climate, converting Fahrenheit to Celsius but answering the temperature as given', () => {
    const state = drive(CAR, [
      [
        "adjustClimateControl(temperature=72, unit='fahrenheit', fanSpeed=60, mode='heat')",
        '{"currentACTemperature": 72, "climateMode": "heat", "humidityLevel": 40.0}',
      ],
      [
        "displayCarStatus(option='climate')",
        '{"currentACTemperature": 22.22222222222222, "fanSpeed": 60, "climateMode": "heat", "humidityLevel": 40.0}',
      ],
      [
        'adjustClimateControl(temperature=20)',
        '{"currentACTemperature": 20, "climateMode": "auto", "humidityLevel": 40.0}',
      ],
      [
        "displayCarStatus(option='climate')",
        '{"currentACTemperature": 20, "fanSpeed": 50, "climateMode": "auto", "humidityLevel": 40.0}',
      ],
      ['adjustClimateControl(temperature=20, fanSpeed=101)', '{"error": "Fan speed must be between 0 and 100."}'],
      [
        "adjustClimateControl(temperature=20, fanSpeed='50')",
        "Error during execution: '<=' not supported between instances of 'int' and 'str'",
      ],
      [
        "adjustClimateControl(temperature='hot', unit='fahrenheit')",
        "Error during execution: unsupported operand type(s) for -: 'str' and 'int'",
      ],
      [
        "adjustClimateControl(22.5, 'celsius', 0, 'defrost')",
        '{"currentACTemperature": 22.5, "climateMode": "defrost", "humidityLevel": 40.0}',
      ],
    ]);
    expect(state).toBe(carState({ acTemperature: 22.5, fanSpeed: 0, acMode: 'defrost' }));
  });

  it('keeps the text a failed Fahrenheit conversion was given as the temperature', () => {
    const state = drive(CAR, [
      [
        "adjustClimateControl(temperature='hot', unit='fahrenheit')",
        "Error during execution: unsupported operand type(s) for -: 'str' and 'int'",
      ],
    ]);
    expect(state).toBe(carState({ acTemperature: 'hot' }));
  });

  it('sets headlights (auto means off), the parking brake and the brake pedal', () => {
    const state = drive(CAR, [
      ["setHeadlights(mode='on')", '{"headlightStatus": "on"}'],
      ["setHeadlights(mode='auto')", '{"headlightStatus": "off"}'],
      ["setHeadlights(mode='ON')", '{"error": "Invalid headlight mode."}'],
      ["displayCarStatus(option='headlights')", '{"headlightStatus": "off"}'],
      [
        "activateParkingBrake(mode='release')",
        '{"parkingBrakeStatus": "released", "_parkingBrakeForce": 0.0, "_slopeAngle": 10.0}',
      ],
      [
        "displayCarStatus(option='parkingBrake')",
        '{"parkingBrakeStatus": "released", "parkingBrakeForce": 0.0, "slopeAngle": 10.0}',
      ],
      [
        "activateParkingBrake(mode='engage')",
        '{"parkingBrakeStatus": "engaged", "_parkingBrakeForce": 500.0, "_slopeAngle": 10.0}',
      ],
      ["activateParkingBrake(mode='on')", '{"error": "Invalid mode"}'],
      ['pressBrakePedal(pedalPosition=0.25)', '{"brakePedalStatus": "pressed", "brakePedalForce": 250.0}'],
      ["displayCarStatus(option='brakePedal')", '{"brakePedalStatus": "pressed", "brakePedalForce": 250.0}'],
      ['pressBrakePedal(pedalPosition=0)', '{"brakePedalStatus": "released", "brakePedalForce": 0.0}'],
      ['pressBrakePedal(pedalPosition=1.5)', '{"error": "Pedal position must be between 0 and 1."}'],
      [
        "pressBrakePedal(pedalPosition='1')",
        "Error during execution: '<=' not supported between instances of 'int' and 'str'",
      ],
      ['pressBrakePedal(pedalPosition=True)', '{"brakePedalStatus": "pressed", "brakePedalForce": 1000.0}'],
      ['releaseBrakePedal()', '{"brakePedalStatus": "released", "brakePedalForce": 0.0}'],
      ["displayCarStatus(option='battery')", '{"batteryVoltage": 12.4}'],
      ["displayCarStatus(option='tires')", '{"error": "Invalid option"}'],
    ]);
    expect(state).toBe(carState());
  });

  it('reads cruise-control numbers as float() does before checking the engine, and keeps a refused speed’s distance', () => {
    const state = drive(CAR, [
      [
        "setCruiseControl(speed=65, activate=True, distanceToNextVehicle='abc')",
        "Error during execution: could not convert string to float: 'abc'",
      ],
      [
        'setCruiseControl(speed=65, activate=True, distanceToNextVehicle=None)',
        "Error during execution: float() argument must be a string or a real number, not 'NoneType'",
      ],
      [
        'setCruiseControl(speed=65, activate=True, distanceToNextVehicle=100)',
        '{"error": "Start the engine before activating the cruise control."}',
      ],
      ["lockDoors(unlock=False, door=['passenger'])", '{"lockStatus": "locked", "remainingUnlockedDoors": 0}'],
      ['pressBrakePedal(pedalPosition=1.0)', '{"brakePedalStatus": "pressed", "brakePedalForce": 1000.0}'],
      ["startEngine(ignitionMode='START')", '{"engineState": "running", "fuelLevel": 12.5, "batteryVoltage": 12.4}'],
      ['setCruiseControl(speed=62, activate=True, distanceToNextVehicle=80)', '{"error": "Invalid speed"}'],
      [
        "setCruiseControl(speed='65', activate=True, distanceToNextVehicle=' 1_0.5 ')",
        '{"cruiseStatus": "active", "currentSpeed": 65.0, "distanceToNextVehicle": 10.5}',
      ],
      [
        'setCruiseControl(speed=130, activate=0, distanceToNextVehicle=30)',
        '{"cruiseStatus": "inactive", "currentSpeed": 130.0, "distanceToNextVehicle": 30.0}',
      ],
    ]);
    expect(state).toBe(
      carState({
        engine_state: 'running',
        remainingUnlockedDoors: 0,
        doorStatus: { driver: 'locked', passenger: 'locked', rear_left: 'locked', rear_right: 'locked' },
        brakePedalStatus: 'pressed',
        distanceToNextVehicle: parseExactJson('30.0'),
      }),
    );
  });

  it('plans a trip: zip codes, distances either way round, navigation, tires, log', () => {
    const state = drive(CAR, [
      ["get_zipcode_based_on_city(city='Rivermist')", '{"zipcode": "83214"}'],
      ["get_zipcode_based_on_city(city='Atlantis')", '{"zipcode": "00000"}'],
      ["estimate_distance(cityA='74532', cityB='83214')", '{"distance": 750.0}'],
      ["estimate_distance(cityA='94704', cityB='08540')", '{"distance": 2550.0}'],
      ["estimate_distance(cityA='83214', cityB='00000')", '{"error": "distance not found in database."}'],
      [
        "set_navigation(destination='456 Oakwood Avenue, Rivermist, 83214')",
        '{"status": "Navigating to 456 Oakwood Avenue, Rivermist, 83214"}',
      ],
      // The destination is stored before the message fails.
      ['set_navigation(destination=5)', 'Error during execution: can only concatenate str (not "int") to str'],
      [
        'check_tire_pressure()',
        '{"frontLeftTirePressure": 29.0, "frontRightTirePressure": 29.5, "rearLeftTirePressure": 28.0, "rearRightTirePressure": 30, "healthy_tire_pressure": false, "car_info": {}}',
      ],
      ['find_nearest_tire_shop()', '{"shopLocation": "456 Oakwood Avenue, Rivermist, 83214"}'],
      ["display_log(messages=['Tire pressure low', 'Shop found'])", '{"log": ["Tire pressure low", "Shop found"]}'],
      ['get_outside_temperature_from_weather_com()', '{"error": 404}'],
    ]);
    expect(state).toBe(carState({ destination: 5 }));
  });

  it('draws temperatures and speeds from one random.Random, seeded 141053 unless the scenario says', () => {
    drive({}, [
      ['get_outside_temperature_from_google()', '{"outsideTemperature": 36.63485703790535}'],
      ['get_current_speed()', '{"currentSpeed": 99.11925428879405}'],
      ['get_outside_temperature_from_google()', '{"outsideTemperature": 8.546173419897784}'],
    ]);
    drive({ random_seed: 7 }, [
      ['get_current_speed()', '{"currentSpeed": 38.85993177997948}'],
      ['get_outside_temperature_from_google()', '{"outsideTemperature": -2.457541303774904}'],
    ]);
  });

  it('adds the long-context extras: car metadata, the parking brake guide, cities on the way, past weather', () => {
    const world = new BfclWorld(['VehicleControlAPI'], { VehicleControlAPI: CAR }, true);
    const texts = world.execute([
      "displayCarStatus(option='fuel')",
      "activateParkingBrake(mode='engage')",
      "estimate_distance(cityA='83214', cityB='74532')",
      'check_tire_pressure()',
      'get_outside_temperature_from_google()',
    ]);
    const [status, brake, distance, tires, weather] = texts.map(parsed);
    expect(status).toEqual({ metadata: CAR_STATUS_METADATA, fuelLevel: 12.5 });
    expect(Object.keys(status!)).toEqual(['metadata', 'fuelLevel']);
    expect(Object.keys(brake!)).toEqual([
      'parkingBrakeInstruction',
      'parkingBrakeStatus',
      '_parkingBrakeForce',
      '_slopeAngle',
    ]);
    expect(brake!['parkingBrakeInstruction']).toBe(PARKING_BRAKE_INSTRUCTION);
    expect(distance).toEqual({ distance: 750, intermediaryCities: INTERMEDIARY_CITIES });
    expect(tires!['car_info']).toBe(CAR_STATUS_METADATA);
    expect(Object.keys(weather!)).toEqual([
      ...Array.from({ length: 15 }, (_, i) => `-${i + 1}_day`),
      'outsideTemperature',
    ]);
    expect(weather!['outsideTemperature']).toBe(36.63485703790535);
    expect(texts[4]).toContain(
      '{"-1_day": {"windSpeed": 15.0, "humidity": 75.0, "precipitation": 5.0, "uvIndex": 6, "visibility": 8.0, "airPressure": 1010.0, "dewPoint": 10.0}, "-2_day": {',
    );
    expect(texts[4]).toContain('"-8_day": {"windSpeed": 17.0, "humidity": 78.0, "precipitation": 0.5, "uvIndex": 5,');
    expect(texts[1]).toContain('"parkingBrakeStatus": "engaged", "_parkingBrakeForce": 500.0, "_slopeAngle": 10.0}');
    expect(texts[2]).toMatch(/^\{"distance": 750\.0, "intermediaryCities": \["New Hamilton", "Jacksonville", /);
    expect(canonical(world.instances.get('VehicleControlAPI')!.publicState())).toBe(
      carState({ long_context: true, parkingBrakeStatus: 'engaged' }),
    );
  });

  it("holds the leaderboard's long-context texts exactly", () => {
    // sha256 of json.dumps([CAR_STATUS_METADATA_EXTENSION, PARKING_BRAKE_INSTRUCTION, INTERMEDIARY_CITIES]).
    const digest = createHash('sha256')
      .update(pyJsonDumps([CAR_STATUS_METADATA, PARKING_BRAKE_INSTRUCTION, INTERMEDIARY_CITIES]))
      .digest('hex');
    expect(digest).toBe('8c2dcc75f651d2d1371e7b3fb7ea6f33617dee506a2286fcbdb06c3cb6f2a779');
    expect([CAR_STATUS_METADATA.length, PARKING_BRAKE_INSTRUCTION.length, INTERMEDIARY_CITIES.length]).toEqual([
      6503, 9710, 826,
    ]);
  });
});

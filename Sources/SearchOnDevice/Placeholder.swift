// SearchOnDevice
